import WidgetDash

// On iOS, Xcode generates this class from the target's .intentdefinition file (a SiriKit
// custom intent with no parameters); the corpus has no Xcode, so it is written here.
class ConfigurationIntent: INIntent {}

import Foundation
import WidgetDash

/// One recipe: what the recipes widget shows for a quarter of an hour.
public struct Recipe: Hashable, Sendable {
    public var name: String
    /// A sentence saying what it is.
    public var summary: String
    /// Time to make it, in minutes; nil when unknown.
    public var minutes: Int?
    /// How many people it feeds; nil when unknown.
    public var serves: Int?
    public var ingredients: [String]
    public var steps: [String]

    public init(name: String, summary: String = "", minutes: Int? = nil, serves: Int? = nil,
                ingredients: [String] = [], steps: [String] = []) {
        self.name = name
        self.summary = summary
        self.minutes = minutes
        self.serves = serves
        self.ingredients = ingredients
        self.steps = steps
    }

    /// "25 min", "1 h", "1 h 10 min"; empty when unknown.
    public var timeText: String {
        guard let minutes else { return "" }
        if minutes < 60 { return "\(minutes) min" }
        return minutes % 60 == 0 ? "\(minutes / 60) h" : "\(minutes / 60) h \(minutes % 60) min"
    }

    /// "25 min · serves 2", "25 min", "serves 4", or empty.
    public var factsText: String {
        [timeText, serves.map { "serves \($0)" } ?? ""].filter { !$0.isEmpty }.joined(separator: " · ")
    }
}

/// The recipes the widget rotates through: the built-in list, or the person's own from a JSON
/// file or the store.
///
/// The person's list is an array of recipes, or an object whose `recipes` member is one:
///
/// ```json
/// {"recipes": [
///   {"name": "Shakshuka", "description": "Eggs poached in a spiced tomato sauce.",
///    "minutes": 30, "serves": 2,
///    "ingredients": ["4 eggs", "1 tin of tomatoes"],
///    "steps": ["Soften the onion and pepper.", "Crack in the eggs; cover for 7 min."]},
///   "Cheese on toast"
/// ]}
/// ```
///
/// Only `name` is required (a bare string is a recipe with just a name); `description`,
/// `minutes` and `serves` (whole numbers), `ingredients` and `steps` (arrays of strings) are
/// optional, and unknown members are ignored. At most ``maxRecipes`` recipes are read.
public enum RecipeBook {
    /// The most recipes one list may hold.
    public static let maxRecipes = 1000
    /// The most ingredients or steps one recipe may hold.
    public static let maxLines = 60
    /// The longest name, description, ingredient or step, in UTF-8 bytes: far more than a
    /// panel shows, and a bound on the work each one costs.
    public static let maxTextBytes = 4096

    /// Reads the JSON text of a list; errors say the line and column, or the field, and what
    /// was expected.
    public static func parse(_ text: String) throws(FeedError) -> [Recipe] {
        try decode(Feeds.json(text, source: "recipes"))
    }

    /// Reads a parsed value (a file's or a store key's).
    public static func decode(_ json: JSONValue) throws(FeedError) -> [Recipe] {
        let items: [JSONValue]
        let path: String
        switch json {
        case .array(let list):
            items = list
            path = ""
        case .object(let top):
            guard case .array(let list)? = top["recipes"] else {
                throw FeedError("recipes: \(top["recipes"] == nil ? "missing" : "expected an array of recipes")")
            }
            items = list
            path = "recipes"
        default:
            throw FeedError("expected an array of recipes or an object with \"recipes\"")
        }
        guard items.count <= maxRecipes else { throw FeedError("\(path.isEmpty ? "the list" : path): \(items.count) recipes; at most \(maxRecipes) are read") }
        var recipes: [Recipe] = []
        for (n, item) in items.enumerated() {
            recipes.append(try recipe(item, at: "\(path)[\(n)]"))
        }
        return recipes
    }

    private static func recipe(_ item: JSONValue, at path: String) throws(FeedError) -> Recipe {
        switch item {
        case .string(let name):
            let clean = try oneLine(name, field: path)
            guard !clean.isEmpty else { throw FeedError("\(path): empty name") }
            return Recipe(name: clean)
        case .object(let fields):
            guard let raw = try Feeds.string(fields["name"], field: "\(path).name") else { throw FeedError("\(path).name: missing") }
            let name = try oneLine(raw, field: "\(path).name")
            guard !name.isEmpty else { throw FeedError("\(path).name: empty") }
            return Recipe(name: name,
                          summary: try oneLine(try Feeds.string(fields["description"], field: "\(path).description") ?? "", field: "\(path).description"),
                          minutes: try count(fields["minutes"], field: "\(path).minutes", what: "minutes"),
                          serves: try count(fields["serves"], field: "\(path).serves", what: "people"),
                          ingredients: try lines(fields["ingredients"], field: "\(path).ingredients"),
                          steps: try lines(fields["steps"], field: "\(path).steps"))
        default:
            throw FeedError("\(path): expected an object with \"name\" (or a string, the name)")
        }
    }

    /// An optional whole number of at least 0 (and at most a week of minutes or a crowd).
    private static func count(_ value: JSONValue?, field: String, what: String) throws(FeedError) -> Int? {
        switch value {
        case nil, .null?: return nil
        case .number(let n)? where n.isFinite && n >= 0 && n <= 100_000 && n == n.rounded(): return Int(n)
        default: throw FeedError("\(field): expected a whole number of \(what) (0 or more)")
        }
    }

    /// An optional array of strings.
    private static func lines(_ value: JSONValue?, field: String) throws(FeedError) -> [String] {
        switch value {
        case nil, .null?: return []
        case .array(let items)?:
            guard items.count <= maxLines else { throw FeedError("\(field): \(items.count) lines; at most \(maxLines)") }
            var out: [String] = []
            for (n, item) in items.enumerated() {
                guard case .string(let s) = item else { throw FeedError("\(field)[\(n)]: expected a string") }
                let line = try oneLine(s, field: "\(field)[\(n)]")
                if !line.isEmpty { out.append(line) }
            }
            return out
        default: throw FeedError("\(field): expected an array of strings")
        }
    }

    /// Text for one line of a widget: sanitised, runs of white space made one space; longer
    /// than ``maxTextBytes`` is an error naming the field.
    private static func oneLine(_ text: String, field: String) throws(FeedError) -> String {
        guard text.utf8.count <= maxTextBytes else { throw FeedError("\(field): longer than \(maxTextBytes) bytes (\(text.utf8.count))") }
        return TextSanitizer.sanitize(text, keepNewlines: false)
            .split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
    }

    /// The list the widget shows when the person has none of their own: real recipes, quick
    /// ones and slow ones mixed, so the two hours on screen are not all one kind of dish.
    public static let builtIn: [Recipe] = [
        Recipe(name: "Shakshuka", summary: "Eggs poached in a spiced tomato and pepper sauce.", minutes: 30, serves: 2,
               ingredients: ["4 eggs", "1 tin of chopped tomatoes", "1 red pepper, sliced", "1 onion, sliced",
                             "2 cloves of garlic", "1 tsp cumin", "1 tsp sweet paprika"],
               steps: ["Soften the onion and pepper in olive oil, 8 min.", "Stir in the garlic and spices for a minute.",
                       "Add the tomatoes and simmer 10 min.", "Make four wells and crack in the eggs.",
                       "Cover and cook 6–8 min, until the whites set."]),
        Recipe(name: "Aglio e olio", summary: "Spaghetti with garlic, chilli and olive oil.", minutes: 15, serves: 2,
               ingredients: ["200 g spaghetti", "4 cloves of garlic, sliced", "5 tbsp olive oil", "1 tsp chilli flakes",
                             "A handful of parsley"],
               steps: ["Boil the spaghetti in well-salted water.", "Warm the garlic and chilli in the oil until golden.",
                       "Toss in the pasta with a splash of its water.", "Finish with the parsley."]),
        Recipe(name: "French omelette", summary: "Soft, rolled eggs with butter and chives.", minutes: 5, serves: 1,
               ingredients: ["3 eggs", "1 tbsp butter", "Chives", "Salt"],
               steps: ["Beat the eggs with a pinch of salt.", "Melt the butter in a pan over medium heat.",
                       "Stir the eggs without pause until just set.", "Roll, turn out, scatter the chives."]),
        Recipe(name: "Guacamole", summary: "Avocado mashed with lime, onion and coriander.", minutes: 10, serves: 4,
               ingredients: ["2 ripe avocados", "1 lime", "½ red onion, chopped fine", "1 tomato, diced",
                             "A handful of coriander", "1 green chilli"],
               steps: ["Mash the avocados with the lime juice and salt.", "Fold in the onion, tomato, chilli and coriander.",
                       "Taste, add lime or salt, serve at once."]),
        Recipe(name: "Miso soup", summary: "Dashi with miso, silken tofu and wakame.", minutes: 10, serves: 4,
               ingredients: ["800 ml dashi", "3 tbsp white miso", "150 g silken tofu, cubed", "1 tbsp dried wakame",
                             "2 spring onions"],
               steps: ["Heat the dashi until it steams; do not boil.", "Add the wakame and tofu for 2 min.",
                       "Off the heat, whisk in the miso.", "Serve with sliced spring onion."]),
        Recipe(name: "Red lentil dal", summary: "Lentils simmered with turmeric, finished with a spiced butter.", minutes: 30, serves: 4,
               ingredients: ["250 g red lentils", "1 tsp turmeric", "1 onion", "3 cloves of garlic", "Thumb of ginger",
                             "1 tsp cumin seeds", "2 tbsp ghee or butter"],
               steps: ["Simmer the lentils in 1 l water with the turmeric, 20 min.", "Fry the onion, garlic and ginger golden.",
                       "Sizzle the cumin seeds in the ghee.", "Stir both into the lentils; season."]),
        Recipe(name: "Egg fried rice", summary: "Yesterday's rice, fried hot with egg and spring onion.", minutes: 15, serves: 2,
               ingredients: ["300 g cooked, cold rice", "2 eggs", "3 spring onions", "100 g peas", "2 tbsp soy sauce",
                             "1 tsp sesame oil"],
               steps: ["Scramble the eggs in a very hot wok; set aside.", "Fry the rice and peas until they crackle.",
                       "Add the soy, the eggs and the spring onion.", "Finish with the sesame oil."]),
        Recipe(name: "Greek salad", summary: "Tomato, cucumber, olives and feta, no lettuce.", minutes: 10, serves: 2,
               ingredients: ["4 tomatoes", "1 cucumber", "1 red onion", "12 kalamata olives", "200 g feta",
                             "Dried oregano", "Olive oil"],
               steps: ["Cut the tomatoes and cucumber into chunks.", "Add sliced onion and the olives.",
                       "Lay the feta on top, whole.", "Oregano, olive oil, salt."]),
        Recipe(name: "Carbonara", summary: "Spaghetti with guanciale, egg yolk and pecorino.", minutes: 20, serves: 2,
               ingredients: ["200 g spaghetti", "100 g guanciale", "3 egg yolks", "50 g pecorino romano", "Black pepper"],
               steps: ["Crisp the guanciale in a dry pan.", "Beat the yolks with the pecorino and pepper.",
                       "Toss the pasta in the fat off the heat.", "Stir in the egg with pasta water until glossy."]),
        Recipe(name: "Buttermilk pancakes", summary: "Thick, fluffy pancakes for a slow morning.", minutes: 20, serves: 4,
               ingredients: ["200 g flour", "1 tsp baking powder", "½ tsp bicarbonate of soda", "300 ml buttermilk",
                             "1 egg", "2 tbsp melted butter"],
               steps: ["Whisk the dry ingredients.", "Beat in the buttermilk, egg and butter; lumps are fine.",
                       "Cook ladlefuls on a buttered pan until bubbles show.", "Flip once; serve with maple syrup."]),
        Recipe(name: "Tomato soup", summary: "Roasted tomatoes blended with onion and stock.", minutes: 45, serves: 4,
               ingredients: ["1 kg ripe tomatoes", "1 onion", "2 cloves of garlic", "500 ml vegetable stock", "Basil"],
               steps: ["Roast the halved tomatoes, onion and garlic at 200 °C, 30 min.", "Blend with the hot stock.",
                       "Season, tear in the basil."]),
        Recipe(name: "Mushroom risotto", summary: "Arborio rice stirred with stock, mushrooms and parmesan.", minutes: 35, serves: 2,
               ingredients: ["160 g arborio rice", "250 g mushrooms", "1 shallot", "100 ml white wine", "800 ml hot stock",
                             "40 g parmesan", "1 tbsp butter"],
               steps: ["Brown the mushrooms; set aside.", "Soften the shallot, toast the rice 1 min.",
                       "Add the wine, then the stock a ladle at a time, 18 min.", "Stir in mushrooms, butter and parmesan."]),
        Recipe(name: "Chili con carne", summary: "Beef, beans and tomato, slow-simmered with chilli.", minutes: 90, serves: 6,
               ingredients: ["500 g minced beef", "2 onions", "2 tins of kidney beans", "2 tins of tomatoes",
                             "2 tsp chilli powder", "2 tsp cumin", "1 square of dark chocolate"],
               steps: ["Brown the beef in batches.", "Soften the onions with the spices.",
                       "Add the tomatoes and beef; simmer 1 h.", "Add the beans and chocolate for 15 min."]),
        Recipe(name: "Banana bread", summary: "A moist loaf for overripe bananas.", minutes: 70, serves: 8,
               ingredients: ["3 overripe bananas", "75 g melted butter", "150 g sugar", "1 egg", "1 tsp bicarbonate of soda",
                             "190 g flour"],
               steps: ["Mash the bananas with the butter.", "Beat in the sugar, egg and soda.", "Fold in the flour.",
                       "Bake in a lined tin at 175 °C, 55–60 min."]),
    ]
}

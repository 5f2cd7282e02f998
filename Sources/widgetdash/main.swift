print("widgetdash")

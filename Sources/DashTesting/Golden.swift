import WidgetDash

import DashApp

// The program lives in DashApp, so that a package of widgets can run it with its own bundle.
await WidgetDashApp.main()

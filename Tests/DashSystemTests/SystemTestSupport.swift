import DashTesting
import Foundation

/// The moment the system's tests start from (the core's tests use the same one).
let t0 = Date(timeIntervalSince1970: 1_795_334_400)

/// A count any thread may raise (the fixture's, under the name the core's tests use).
typealias Counter = TapCounter

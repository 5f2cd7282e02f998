import Foundation
import Synchronization

/// The packages the XCTest cases build, started together before the first case of the run so
/// their compilers share the cores.
///
/// The Debian package's release build leaves a core idle through parts of its five minutes
/// (resolving and planning, the last whole-module jobs one at a time, the links, xz); the
/// Examples package and the widget corpus compile meanwhile, at a lower priority, instead of
/// after it. Only compilers run side by side:
/// every class waits for all the builds before its first case (`startAndWait()`), so no case
/// runs beside a compiler (docs/DECISIONS.md, "The test suite's builds run side by side").
enum SuiteBuilds {
    static let debianPackage = BackgroundBuild("package-deb") { try DebianPackage.build() }
    /// Every product of the Examples package, by name.
    static let examples = BackgroundBuild("examples") { try ExamplePackage.buildAll() }
    /// The corpus's builds in Swift 6 and then Swift 5 language mode.
    static let corpus = BackgroundBuild("corpus") { try WidgetCorpus().buildBothModes() }

    /// Starts every build the cases of this run need, the first time, and waits until all have
    /// finished; each class's `setUp()` calls it. A build's failure is its cases' to report.
    static func startAndWait() {
        for build in started { build() }
    }

    /// A wait for each build this run needs; making them starts the builds.
    private static let started: [@Sendable () -> Void] = {
        var waits: [@Sendable () -> Void] = []
        if runIncludes("DebianPackageEndToEndTests") {
            let build = debianPackage
            waits.append { _ = try? build.get() }
        }
        if runIncludes(examplesClasses) {
            let build = examples
            waits.append { _ = try? build.get() }
        }
        if runIncludes("WidgetCorpusBuildTests") {
            let build = corpus
            waits.append { _ = try? build.get() }
        }
        return waits
    }()

    /// The classes whose cases run the Examples package's binaries.
    static let examplesClasses = ["ExampleEndToEndTests", "ExtensionCatalogEndToEndTests", "ExtensionControlsEndToEndTests",
                                  "ExtensionEndToEndTests", "ExtensionServicesEndToEndTests", "ExtensionToldEndToEndTests",
                                  "PreviewEndToEndTests"]

    /// Whether the run includes cases of one of `classes`: `swift test --filter` names the
    /// selected cases as arguments (`EndToEndTests.Class/test…`, comma-separated); a run that
    /// names none runs all. Any other argument (an option's value) names no case.
    static func runIncludes(_ classes: String...) -> Bool { runIncludes(classes) }

    static func runIncludes(_ classes: [String]) -> Bool {
        let named = CommandLine.arguments.dropFirst().filter { !$0.hasPrefix("-") }.flatMap { $0.split(separator: ",") }.filter(isTestName)
        guard !named.isEmpty else { return true }
        return named.contains { name in classes.contains { name == "EndToEndTests" || name.hasPrefix("EndToEndTests.\($0)") } }
    }
}

extension SuiteBuilds {
    /// Whether an argument names tests: a module, or `Module.Class` and more (not a path).
    static func isTestName(_ name: Substring) -> Bool {
        guard let dot = name.firstIndex(of: ".") else { return name == "EndToEndTests" }
        return dot > name.startIndex && name[..<dot].allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    }

    /// What a build command gave: its exit status, its whole output and the output's last 40 lines.
    struct Outcome {
        var code: Int32
        var output: String
        var tail: String { output.split(separator: "\n", omittingEmptySubsequences: false).suffix(40).joined(separator: "\n") }
    }

    /// Runs `command` (found on `PATH`) with its output to `log` (its directory is made) and
    /// waits for it. `nice` runs it at a lower priority, so the release build, the longest,
    /// keeps the cores it can use.
    static func run(_ command: [String], log: String, nice: Bool = false, environment: [String: String] = [:]) throws -> Outcome {
        let fm = FileManager.default
        try fm.createDirectory(atPath: (log as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        guard fm.createFile(atPath: log, contents: nil), let handle = FileHandle(forWritingAtPath: log) else {
            throw ExamplePackage.BuildError(description: "cannot write \(log)")
        }
        defer { try? handle.close() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = (nice ? ["nice", "-n", "10"] : []) + command
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        process.waitUntilExit()
        return Outcome(code: process.terminationStatus, output: (try? String(contentsOfFile: log, encoding: .utf8)) ?? "")
    }
}

/// A build that runs on a thread of its own from the moment it is made; `get()` waits for it.
final class BackgroundBuild<Value: Sendable>: Sendable {
    private let finished = DispatchSemaphore(value: 0)
    private let outcome = Mutex<Result<Value, any Error>?>(nil)

    init(_ name: String, _ build: @escaping @Sendable () throws -> Value) {
        let thread = Thread { [self] in
            let started = Date()
            let result = Result { try build() }
            // The cases no longer time the builds (they run before them): the log says what each took.
            print("\(name): built in \(Int(Date().timeIntervalSince(started))) s")
            outcome.withLock { $0 = result }
            finished.signal()
        }
        thread.name = "build \(name)"
        thread.start()
    }

    /// What the build gave, once it has finished.
    func get() throws -> Value {
        finished.wait()
        // Every waiter after the first finds the semaphore at zero again: hand the signal on.
        defer { finished.signal() }
        guard let result = outcome.withLock({ $0 }) else {
            throw ExamplePackage.BuildError(description: "the build finished without a result")
        }
        return try result.get()
    }
}

import CFuzzDriver
import DashApp
import Foundation

// One program for every target: FUZZ_TARGET names it, the arguments are libFuzzer's.
//
// SwiftPM links an executable with `--defsym main=WidgetdashFuzz_main`, so libFuzzer's own
// `main` cannot be used; the file is compiled with -parse-as-library and defines that symbol
// itself, handing over to libFuzzer's driver (docs/DECISIONS.md, "Fuzzing").

/// The target FUZZ_TARGET names, looked up once.
private let target: (@Sendable ([UInt8]) -> Void)? = {
    let name = ProcessInfo.processInfo.environment["FUZZ_TARGET"] ?? ""
    return FuzzEntryPoints.targets[name]
}()

/// The program's `main`: refuses to start without a known target, rather than fuzz nothing.
@_cdecl("WidgetdashFuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    guard target != nil else {
        let names = FuzzEntryPoints.targets.keys.sorted().joined(separator: " ")
        FileHandle.standardError.write(Data("set FUZZ_TARGET to one of: \(names)\n".utf8))
        return 2
    }
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in
        let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
        target?(bytes)
        return 0
    }
}

/// Runs one input through the chosen target. The driver above is handed a closure; this is
/// the conventional name, which the runtime's archive also asks for.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    target?(bytes)
    return 0
}

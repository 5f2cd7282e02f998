import DashApp
import Foundation
import Testing

/// Replays the fuzz corpus (seeds and every kept finding, Fuzz/corpus/TARGET/) through the
/// same entry points the libFuzzer targets call, so the main suite guards them without the
/// fuzzer: a finding that comes back crashes or hangs this test.
struct FuzzCorpusTests {
    static let corpus = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz/corpus")

    static func files(_ target: String) -> [URL] {
        let dir = corpus.appendingPathComponent(target)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return names.sorted().map { dir.appendingPathComponent($0) }
    }

    @Test func everyTargetHasSeeds() throws {
        let dirs = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path)
        #expect(Set(dirs) == Set(FuzzEntryPoints.targets.keys))
        for target in FuzzEntryPoints.targets.keys { #expect(!Self.files(target).isEmpty, "\(target) has no seeds") }
    }

    @Test(arguments: FuzzEntryPoints.targets.keys.sorted())
    func theCorpusRunsThrough(target: String) async throws {
        let run = try #require(FuzzEntryPoints.targets[target])
        let inputs = try Self.files(target).map { Array(try Data(contentsOf: $0)) }
        // On a thread of its own, as libFuzzer calls a target: `feeds` waits for the providers'
        // tasks, which on a thread of the concurrency pool could wait for that same thread.
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            Thread {
                for input in inputs { run(input) }
                done.resume()
            }.start()
        }
    }
}

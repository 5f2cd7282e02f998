import DashCore
import Foundation

extension ConfigReader {
    /// Reads the file at `url`. A missing, unreadable or oversized file is a problem of line 0.
    public func read(_ url: URL) -> ConfigLoad {
        switch TextFile.read(url) {
        case .success(let text): return parse(text, file: url.path)
        case .failure(let error): return ConfigLoad(config: DashConfig(), problems: [ConfigProblem(file: url.path, line: 0, message: error.message)])
        }
    }
}

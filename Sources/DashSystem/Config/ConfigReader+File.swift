import DashCore
import Foundation

extension ConfigReader {
    /// Reads the file at `url`. A missing file is a problem of line 0.
    public func read(_ url: URL) -> ConfigLoad {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            return ConfigLoad(config: DashConfig(), problems: [ConfigProblem(file: url.path, line: 0, message: "cannot read the file")])
        }
        guard let text = String(data: data, encoding: .utf8) else {
            return ConfigLoad(config: DashConfig(), problems: [ConfigProblem(file: url.path, line: 0, message: "expected UTF-8 text")])
        }
        return parse(text, file: url.path)
    }
}

import Foundation
import WidgetDash

#if canImport(Glibc)
import Glibc
#endif

/// Reads a config or theme file whole, refusing what is not a regular file or is too big, so
/// a path such as `/dev/zero` or a FIFO never stalls the reader.
enum TextFile {
    /// The file's text, or what was wrong with it (a message for `file: message`).
    /// With `keepingExcess`, a file past the cap gives its first `limit + 1` bytes, for a
    /// reader that reports the size itself (the TOML parser's cap then says where it stopped).
    static func read(_ url: URL, limit: Int = TOML.Limits.standard.maximumBytes, keepingExcess: Bool = false) -> Result<String, TextFileError> {
        #if canImport(Glibc)
        var info = stat()
        guard stat(url.path, &info) == 0 else { return .failure(TextFileError("cannot read the file")) }
        guard info.st_mode & S_IFMT == S_IFREG else { return .failure(TextFileError("expected a regular file")) }
        #endif
        guard let handle = FileHandle(forReadingAtPath: url.path) else { return .failure(TextFileError("cannot read the file")) }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: limit + 1) ?? Data() else { return .failure(TextFileError("cannot read the file")) }
        guard data.count <= limit || keepingExcess else { return .failure(TextFileError("expected at most \(limit) bytes, found more")) }
        // Past the cap the size is the problem to report, whatever byte the cut fell on.
        if data.count > limit { return .success(String(decoding: data, as: UTF8.self)) }
        guard let text = String(data: data, encoding: .utf8) else { return .failure(TextFileError("expected UTF-8 text")) }
        return .success(text)
    }
}

/// Why ``TextFile`` refused a file.
struct TextFileError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}

import Foundation

/// A file a person named on the command line, read within a limit with a reason a person can
/// act on when it cannot be (never Foundation's or the C library's wording).
enum InputFile {
    /// The bytes of the regular file at `path`, at most `limit`.
    static func read(_ path: String, limit: Int) throws -> Data {
        let expanded = (path as NSString).expandingTildeInPath
        do {
            return try BoundedFileReader.contents(ofFile: expanded, limit: limit)
        } catch {
            throw WalletCLIError.unreadable(path: path, reason: reason(error, limit: limit))
        }
    }

    /// Why `error` kept a file from being read.
    static func reason(_ error: BoundedFileReadError, limit: Int) -> String {
        switch error {
        case .cannotOpen(let number) where number == ENOENT: "no such file"
        case .cannotOpen(let number) where number == EACCES: "permission denied"
        case .cannotOpen: "it cannot be opened"
        case .notRegularFile: "not a regular file (a directory, pipe or device)"
        case .fileTooLarge(let size, _): "it is \(size) bytes, over the \(BoundedFileReader.describe(limit: limit)) this command reads"
        case .grewPastLimit: "it grew past the \(BoundedFileReader.describe(limit: limit)) this command reads while it was read"
        case .readFailed: "it could not be read"
        }
    }
}

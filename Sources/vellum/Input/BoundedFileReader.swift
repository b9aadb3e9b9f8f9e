import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a file could not be read within its limit.
enum BoundedFileReadError: Error, Equatable, Sendable {
    /// `open(2)` failed (no such file, no permission).
    case cannotOpen(errno: Int32)
    /// `fstat(2)` or `read(2)` failed (a directory, an I/O error).
    case readFailed(errno: Int32)
    /// A pipe, socket, device or directory: it has no size to check before reading, and
    /// may never end (`/dev/zero`) or never start (a FIFO nobody writes to).
    case notRegularFile
    /// A regular file whose size, known before reading, is over the limit.
    case fileTooLarge(size: Int64, limit: Int)
    /// A file that went on past the limit while it was read: one that grew since `fstat`,
    /// or one the kernel reports as empty (`/proc`).
    case grewPastLimit(limit: Int)
}

/// Reads a file the user named without ever holding more than a limit of it.
///
/// `Data(contentsOf:)` reads everything first: a 50 MB file is read, copied and scanned
/// before any format limit applies. Here the file's size is taken with `fstat` on the open
/// descriptor and a file over the limit is refused unread; what is read is still bounded,
/// for a file that grows meanwhile. Only regular files are read: a pipe or device has no
/// size to check first and may never end, so it is refused as `Data(contentsOf:)` refused
/// it, now with a reason. The file is opened without blocking, so a FIFO that nobody writes
/// to is refused at once rather than waited on.
enum BoundedFileReader {
    /// The bytes of the regular file at `path`, at most `limit` of them.
    static func contents(ofFile path: String, limit: Int) throws(BoundedFileReadError) -> Data {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw .cannotOpen(errno: errno) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .readFailed(errno: errno) }
        guard (status.st_mode & S_IFMT) == S_IFREG else { throw .notRegularFile }
        guard Int64(status.st_size) <= Int64(limit) else {
            throw .fileTooLarge(size: Int64(status.st_size), limit: limit)
        }
        var data = Data()
        data.reserveCapacity(Int(status.st_size))
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                guard data.count + count <= limit else { throw .grewPastLimit(limit: limit) }
                data.append(contentsOf: buffer[0..<count])
            } else if count == 0 {
                return data
            } else if errno != EINTR {
                throw .readFailed(errno: errno)
            }
        }
    }

    /// `limit` for a person: "8 MiB (8388608 bytes)", or just the bytes when not whole MiB.
    static func describe(limit: Int) -> String {
        limit % (1 << 20) == 0 ? "\(limit >> 20) MiB (\(limit) bytes)" : "\(limit) bytes"
    }
}

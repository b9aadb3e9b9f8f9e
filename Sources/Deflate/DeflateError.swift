/// Why DEFLATE data could not be read or written.
public enum DeflateError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The output would pass the caller's limit (a decompression bomb, or just too large).
    case limitExceeded(container: String, limit: Int)
    /// The input ended before the stream did.
    case truncated(container: String)
    /// The data is not a valid stream (bad header, checksum, or block).
    case corrupt(container: String, reason: String)
    /// Bytes follow the end of the stream.
    case trailingBytes(container: String)
    /// zlib refused to start or to finish (an internal failure, with zlib's status).
    case zlibFailure(String)

    /// A message for a person reading a log.
    public var description: String {
        switch self {
        case .limitExceeded(let container, let limit): "the \(container) data inflates beyond \(limit) bytes"
        case .truncated(let container): "truncated \(container) stream"
        case .corrupt(let container, let reason): "invalid \(container) stream: \(reason)"
        case .trailingBytes(let container): "bytes after the end of the \(container) stream"
        case .zlibFailure(let reason): reason
        }
    }
}

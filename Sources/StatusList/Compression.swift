import CZlib
import Foundation

/// DEFLATE in the two wrappers status lists use: ZLIB (RFC 1950) for the IETF Token Status
/// List and GZIP (RFC 1952) for the W3C Bitstring Status List.
///
/// The wrapper is fixed per format (zlib's auto-detection is not used), so a list in the
/// wrong container is refused rather than silently accepted.
enum Compression {
    /// The container around the DEFLATE data.
    enum Container {
        case zlib
        case gzip

        /// zlib's `windowBits`: 15 for a zlib header, 16 + 15 for a gzip header.
        var windowBits: Int32 {
            switch self {
            case .zlib: return 15
            case .gzip: return 16 + 15
            }
        }

        var name: String {
            switch self {
            case .zlib: return "ZLIB"
            case .gzip: return "GZIP"
            }
        }
    }

    /// Compresses at the best level, as the IETF draft recommends.
    static func compress(_ data: Data, container: Container) throws(StatusListError) -> Data {
        var stream = z_stream()
        let initialized = deflateInit2_(
            &stream, Z_BEST_COMPRESSION, Z_DEFLATED, container.windowBits, 9, Z_DEFAULT_STRATEGY,
            ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        guard initialized == Z_OK else { throw .decompressionFailed("deflateInit2 failed (\(initialized))") }
        defer { deflateEnd(&stream) }
        // deflateBound covers the worst case plus the gzip header and trailer.
        var output = Data(count: Int(deflateBound(&stream, uLong(data.count))) + 32)
        var input = data
        let status: Int32 = input.withUnsafeMutableBytes { inputBytes in
            output.withUnsafeMutableBytes { outputBytes in
                stream.next_in = inputBytes.baseAddress?.assumingMemoryBound(to: Bytef.self)
                stream.avail_in = uInt(inputBytes.count)
                stream.next_out = outputBytes.baseAddress?.assumingMemoryBound(to: Bytef.self)
                stream.avail_out = uInt(outputBytes.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { throw .decompressionFailed("deflate failed (\(status))") }
        output.count = Int(stream.total_out)
        return output
    }

    /// Inflates `data`, stopping with ``StatusListError/limitExceeded(_:)`` as soon as the
    /// output would pass `limit` bytes; refuses truncated streams, corrupt data, a failed
    /// checksum and bytes after the end of the stream.
    static func decompress(_ data: Data, container: Container, limit: Int) throws(StatusListError) -> Data {
        guard !data.isEmpty else { throw .decompressionFailed("empty \(container.name) stream") }
        guard data.count <= Int(UInt32.max) else { throw .limitExceeded("compressed list is too large") }
        var stream = z_stream()
        let initialized = inflateInit2_(
            &stream, container.windowBits, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        guard initialized == Z_OK else { throw .decompressionFailed("inflateInit2 failed (\(initialized))") }
        defer { inflateEnd(&stream) }

        let chunkSize = 64 << 10
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        var output = Data()
        var input = data
        let failure: StatusListError? = input.withUnsafeMutableBytes { inputBytes -> StatusListError? in
            stream.next_in = inputBytes.baseAddress?.assumingMemoryBound(to: Bytef.self)
            stream.avail_in = uInt(inputBytes.count)
            while true {
                let (status, produced) = chunk.withUnsafeMutableBufferPointer { buffer -> (Int32, Int) in
                    stream.next_out = buffer.baseAddress
                    stream.avail_out = uInt(chunkSize)
                    let status = inflate(&stream, Z_NO_FLUSH)
                    return (status, chunkSize - Int(stream.avail_out))
                }
                if output.count + produced > limit {
                    return .limitExceeded("the \(container.name) list inflates beyond \(limit) bytes")
                }
                output.append(contentsOf: chunk[0..<produced])
                switch status {
                case Z_STREAM_END:
                    return stream.avail_in == 0
                        ? nil : .decompressionFailed("bytes after the end of the \(container.name) stream")
                case Z_OK:
                    continue
                case Z_BUF_ERROR:
                    // No progress possible: the input ran out before the stream ended.
                    if produced == 0 { return .decompressionFailed("truncated \(container.name) stream") }
                case Z_DATA_ERROR:
                    let reason = stream.msg.map { String(cString: $0) } ?? "corrupt data"
                    return .decompressionFailed("invalid \(container.name) stream: \(reason)")
                default:
                    return .decompressionFailed("inflate failed (\(status))")
                }
            }
        }
        if let failure { throw failure }
        return output
    }
}

import CZlib
import Foundation

/// DEFLATE compression and decompression over the system zlib, the one wrapper the SDK has
/// (JWE `zip: DEF`, Token Status Lists, Bitstring Status Lists).
///
/// Decompression is for untrusted input: it inflates in fixed chunks and stops the moment the
/// output would pass the caller's limit, and it refuses truncated streams, corrupt data, a
/// failed checksum and bytes after the end of the stream.
public enum Deflate {
    /// `data` compressed in `container` at `level`.
    public static func compress(
        _ data: Data, container: DeflateContainer, level: DeflateLevel = .standard
    ) throws(DeflateError) -> Data {
        var stream = z_stream()
        let (compression, memoryLevel): (Int32, Int32) = level == .best ? (Z_BEST_COMPRESSION, 9) : (Z_DEFAULT_COMPRESSION, 8)
        let initialized = deflateInit2_(
            &stream, compression, Z_DEFLATED, container.windowBits, memoryLevel, Z_DEFAULT_STRATEGY,
            ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        guard initialized == Z_OK else { throw .zlibFailure("deflateInit2 failed (\(initialized))") }
        defer { deflateEnd(&stream) }
        // deflateBound covers the worst case; the margin covers a gzip header and trailer.
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
        guard status == Z_STREAM_END else { throw .zlibFailure("deflate failed (\(status))") }
        output.count = Int(stream.total_out)
        return output
    }

    /// `data` inflated from `container`, at most `limit` bytes of it.
    public static func decompress(_ data: Data, container: DeflateContainer, limit: Int) throws(DeflateError) -> Data {
        let name = container.name
        guard !data.isEmpty else { throw .truncated(container: name) }
        guard data.count <= Int(UInt32.max) else { throw .limitExceeded(container: name, limit: Int(UInt32.max)) }
        var stream = z_stream()
        let initialized = inflateInit2_(&stream, container.windowBits, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        guard initialized == Z_OK else { throw .zlibFailure("inflateInit2 failed (\(initialized))") }
        defer { inflateEnd(&stream) }

        let chunkSize = 64 << 10
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        var output = Data()
        var input = data
        let failure: DeflateError? = input.withUnsafeMutableBytes { inputBytes -> DeflateError? in
            stream.next_in = inputBytes.baseAddress?.assumingMemoryBound(to: Bytef.self)
            stream.avail_in = uInt(inputBytes.count)
            while true {
                let (status, produced) = chunk.withUnsafeMutableBufferPointer { buffer -> (Int32, Int) in
                    stream.next_out = buffer.baseAddress
                    stream.avail_out = uInt(chunkSize)
                    let status = inflate(&stream, Z_NO_FLUSH)
                    return (status, chunkSize - Int(stream.avail_out))
                }
                if output.count + produced > limit { return .limitExceeded(container: name, limit: limit) }
                output.append(contentsOf: chunk[0..<produced])
                switch status {
                case Z_STREAM_END:
                    return stream.avail_in == 0 ? nil : .trailingBytes(container: name)
                case Z_OK:
                    // No output and no input left: the stream stops short of its end.
                    if produced == 0, stream.avail_in == 0 { return .truncated(container: name) }
                case Z_BUF_ERROR:
                    if produced == 0 { return .truncated(container: name) }
                case Z_DATA_ERROR:
                    return .corrupt(container: name, reason: stream.msg.map { String(cString: $0) } ?? "corrupt data")
                default:
                    return .zlibFailure("inflate failed (\(status))")
                }
            }
        }
        if let failure { throw failure }
        return output
    }
}

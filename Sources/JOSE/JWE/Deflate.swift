import CZlib
import Foundation

/// Raw DEFLATE (RFC 1951, no zlib or gzip wrapper) for JWE `zip: DEF` (RFC 7516 §4.1.3).
enum Deflate {
    /// Compresses `data` at the default level.
    static func compress(_ data: Data) throws(JOSEError) -> Data {
        var stream = z_stream()
        // windowBits -15 selects raw DEFLATE.
        guard deflateInit2_(&stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY,
                            ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK
        else { throw .decompressionFailed("deflateInit failed") }
        defer { deflateEnd(&stream) }
        let bound = Int(deflateBound(&stream, uLong(data.count)))
        var output = Data(count: bound)
        var input = data
        let status: Int32 = input.withUnsafeMutableBytes { inputBuffer in
            output.withUnsafeMutableBytes { outputBuffer in
                stream.next_in = inputBuffer.baseAddress?.assumingMemoryBound(to: Bytef.self)
                stream.avail_in = uInt(inputBuffer.count)
                stream.next_out = outputBuffer.baseAddress?.assumingMemoryBound(to: Bytef.self)
                stream.avail_out = uInt(outputBuffer.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { throw .decompressionFailed("deflate failed (\(status))") }
        output.count = Int(stream.total_out)
        return output
    }

    /// Inflates `data`, refusing output beyond `limit` bytes, trailing bytes after the
    /// end of the stream, and truncated streams.
    static func decompress(_ data: Data, limit: Int) throws(JOSEError) -> Data {
        var stream = z_stream()
        guard inflateInit2_(&stream, -15, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw .decompressionFailed("inflateInit failed")
        }
        defer { inflateEnd(&stream) }
        var input = data
        var output = Data()
        let chunkSize = 64 << 10
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        var finished = false
        let failure: JOSEError? = input.withUnsafeMutableBytes { inputBuffer -> JOSEError? in
            stream.next_in = inputBuffer.baseAddress?.assumingMemoryBound(to: Bytef.self)
            stream.avail_in = uInt(inputBuffer.count)
            while !finished {
                let (status, produced) = chunk.withUnsafeMutableBufferPointer { chunkBuffer -> (Int32, Int) in
                    stream.next_out = chunkBuffer.baseAddress
                    stream.avail_out = uInt(chunkSize)
                    let status = inflate(&stream, Z_NO_FLUSH)
                    return (status, chunkSize - Int(stream.avail_out))
                }
                switch status {
                case Z_STREAM_END: finished = true
                case Z_OK: break
                case Z_BUF_ERROR where produced == 0:
                    return .decompressionFailed("truncated DEFLATE stream")
                case Z_BUF_ERROR: break
                default: return .decompressionFailed("corrupt DEFLATE stream (\(status))")
                }
                guard output.count + produced <= limit else {
                    return .decompressionFailed("inflates beyond \(limit) bytes")
                }
                output.append(contentsOf: chunk[0..<produced])
                if !finished, produced == 0, stream.avail_in == 0 {
                    return .decompressionFailed("truncated DEFLATE stream")
                }
            }
            return stream.avail_in == 0 ? nil : .decompressionFailed("bytes after the end of the DEFLATE stream")
        }
        if let failure { throw failure }
        return output
    }
}

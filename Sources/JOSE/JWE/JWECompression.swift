import Deflate
import Foundation

/// JWE `zip: DEF` (RFC 7516 §4.1.3): raw DEFLATE through the SDK's one zlib wrapper, its
/// failures as ``JOSEError/decompressionFailed(_:)``.
enum JWECompression {
    static func compress(_ data: Data) throws(JOSEError) -> Data {
        do throws(DeflateError) {
            return try Deflate.compress(data, container: .raw)
        } catch {
            throw .decompressionFailed(error.description)
        }
    }

    static func decompress(_ data: Data, limit: Int) throws(JOSEError) -> Data {
        do throws(DeflateError) {
            return try Deflate.decompress(data, container: .raw, limit: limit)
        } catch {
            throw .decompressionFailed(error.description)
        }
    }
}

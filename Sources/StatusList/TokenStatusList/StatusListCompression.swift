import Deflate
import Foundation

/// The status lists' compression through the SDK's one zlib wrapper: ZLIB for the IETF Token
/// Status List, GZIP for the W3C Bitstring Status List (best level, as the IETF draft
/// recommends); an output past the limit is ``StatusListError/limitExceeded(_:)``, any other
/// failure ``StatusListError/decompressionFailed(_:)``.
enum StatusListCompression {
    static func compress(_ data: Data, container: DeflateContainer) throws(StatusListError) -> Data {
        do throws(DeflateError) {
            return try Deflate.compress(data, container: container, level: .best)
        } catch {
            throw .decompressionFailed(error.description)
        }
    }

    static func decompress(_ data: Data, container: DeflateContainer, limit: Int) throws(StatusListError) -> Data {
        do throws(DeflateError) {
            return try Deflate.decompress(data, container: container, limit: limit)
        } catch .limitExceeded(let container, let limit) {
            throw .limitExceeded("the \(container) list inflates beyond \(limit) bytes")
        } catch {
            throw .decompressionFailed(error.description)
        }
    }
}

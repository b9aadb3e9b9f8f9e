import CBOR
import Foundation

/// Bounds applied to mdoc structures received from a peer (a reader, a wallet, a file).
///
/// A DeviceResponse arrives from an untrusted party: the CBOR decoder already bounds size and
/// nesting, and these limits bound the counts the mdoc layer iterates over, so a crafted
/// response cannot make digest checking or presentation quadratic or unbounded.
public struct MDocLimits: Sendable, Hashable {
    /// The largest encoded structure accepted, in bytes (portraits make real mDLs ~20–100 KB).
    public var maxInputSize: Int
    /// The deepest CBOR nesting accepted (element values such as `driving_privileges` nest a few levels).
    public var maxDepth: Int
    /// The most documents in one DeviceResponse or DeviceRequest.
    public var maxDocuments: Int
    /// The most name spaces in one document, MSO or request.
    public var maxNameSpaces: Int
    /// The most elements (or digests) in one name space.
    public var maxElementsPerNameSpace: Int

    /// Limits generous for any mDL or PID seen in practice: 4 MiB, depth 32, 16 documents,
    /// 64 name spaces, 1024 elements per name space.
    public init(
        maxInputSize: Int = 4 << 20, maxDepth: Int = 32, maxDocuments: Int = 16,
        maxNameSpaces: Int = 64, maxElementsPerNameSpace: Int = 1024
    ) {
        self.maxInputSize = maxInputSize
        self.maxDepth = maxDepth
        self.maxDocuments = maxDocuments
        self.maxNameSpaces = maxNameSpaces
        self.maxElementsPerNameSpace = maxElementsPerNameSpace
    }

    /// The default limits.
    public static let `default` = MDocLimits()

    /// The CBOR decoding options these limits imply (duplicate map keys refused).
    public var decodingOptions: CBORDecodingOptions {
        CBORDecodingOptions(maxDepth: maxDepth, maxLength: maxInputSize, maxInputSize: maxInputSize)
    }

    /// `data` decoded under these limits with every item's bytes kept, or
    /// ``MDocError/malformedCBOR(_:)``.
    func raw(decoding data: some DataProtocol) throws(MDocError) -> CBOR.Raw {
        // Through the decoder's `Data` entry point: no generic dispatch, no copy of `Data` input.
        let bytes = data as? Data ?? Data(data)
        do throws(CBORError) {
            return try CBOR.Raw(decoding: bytes, options: decodingOptions)
        } catch {
            throw .malformedCBOR(error)
        }
    }

    func check(_ count: Int, max: Int, _ what: @autoclosure () -> String) throws(MDocError) {
        guard count <= max else { throw .limitExceeded("\(what()): \(count) > \(max)") }
    }
}

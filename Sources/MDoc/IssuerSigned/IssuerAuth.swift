import CBOR
import COSE
import Foundation

/// `issuerAuth` (18013-5 §9.1.2.4): the issuer's COSE_Sign1 over the MSO, with the document
/// signer certificate in the unprotected `x5chain` header.
///
/// Reading one decodes the MSO from the payload (`#6.24(bstr .cbor MobileSecurityObject)`) but
/// trusts nothing: the signature, the chain and the MSO's contents are checked by
/// ``IssuerSignedValidator``.
public struct IssuerAuth: Sendable, Equatable {
    /// The COSE_Sign1 as received.
    public let sign1: COSESign1
    /// The MSO carried in the payload.
    public let mobileSecurityObject: MobileSecurityObject

    /// Reads an (untagged or tagged) COSE_Sign1 and the MSO in its payload.
    public init(cbor: CBOR, limits: MDocLimits = .default) throws(MDocError) {
        do throws(COSEError) {
            sign1 = try COSESign1(cbor: cbor, options: limits.decodingOptions)
        } catch {
            throw .cose(error)
        }
        guard let payload = sign1.payload else {
            throw .invalidStructure(path: "issuerAuth", reason: "the MSO payload is detached")
        }
        let wrapped = try CBOR.decodeMDoc(payload, limits: limits)
        guard let inner = wrapped.embeddedBytes else {
            throw .invalidStructure(path: "issuerAuth.payload", reason: "expected #6.24(bstr .cbor MobileSecurityObject)")
        }
        mobileSecurityObject = try MobileSecurityObject(cbor: try CBOR.decodeMDoc(inner, limits: limits), limits: limits)
    }

    /// A message and the MSO already read from its payload (by ``DirectDecoding``).
    init(sign1: COSESign1, mobileSecurityObject: MobileSecurityObject) {
        self.sign1 = sign1
        self.mobileSecurityObject = mobileSecurityObject
    }

    /// The `x5chain` certificates (DER, document signer first), from either bucket;
    /// 18013-5 puts them in the unprotected one.
    public var certificateChain: [Data] {
        sign1.unprotected.x5chain ?? sign1.protected.headers.x5chain ?? []
    }

    /// The untagged COSE_Sign1 (18013-5 sends issuerAuth untagged).
    public var cbor: CBOR { sign1.cbor(tagged: false) }
}

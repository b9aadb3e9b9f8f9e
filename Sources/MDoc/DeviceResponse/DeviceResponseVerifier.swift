import CBOR
import COSE
import CryptoKeys
import Foundation

/// The reader side (18013-5 §9.3): validates each document of a ``DeviceResponse`` end to end,
/// the issuer data with an ``IssuerSignedValidator`` and then the device authentication over
/// the ``SessionTranscript`` both sides share.
///
/// A MAC-authenticated response needs the reader's ephemeral private key (``readerKey``); a
/// signed one needs nothing but the MSO's device key.
public struct DeviceResponseVerifier: Sendable {
    /// The issuer-data rules.
    public var issuerValidator: IssuerSignedValidator
    /// The reader's ephemeral private key, for `deviceMac`; `nil` refuses MAC responses.
    public var readerKey: PrivateKey?
    /// The device signature algorithms accepted.
    public var acceptedDeviceAlgorithms: Set<COSEAlgorithm>

    /// A verifier with the given rules.
    public init(
        issuerValidator: IssuerSignedValidator, readerKey: PrivateKey? = nil,
        acceptedDeviceAlgorithms: Set<COSEAlgorithm> = IssuerSignedValidator.defaultAlgorithms
    ) {
        self.issuerValidator = issuerValidator
        self.readerKey = readerKey
        self.acceptedDeviceAlgorithms = acceptedDeviceAlgorithms
    }

    /// Validates every document of `response` against `sessionTranscript` at `time`.
    ///
    /// Only the documents are judged: a caller must also require ``DeviceResponse/status``
    /// to be ``DeviceResponse/statusOK`` (a response reporting an error is not accepted for
    /// the documents it carries) and at least the documents it asked for.
    public func verify(
        _ response: DeviceResponse, sessionTranscript: SessionTranscript, at time: Date? = nil
    ) async -> [MDocValidationReport] {
        var reports: [MDocValidationReport] = []
        for document in response.documents {
            reports.append(await verify(document, sessionTranscript: sessionTranscript, at: time))
        }
        return reports
    }

    /// Validates one document: the issuer steps, then device authentication.
    public func verify(
        _ document: Document, sessionTranscript: SessionTranscript, at time: Date? = nil
    ) async -> MDocValidationReport {
        var report = await issuerValidator.validate(document.issuerSigned, docType: document.docType, at: time)
        guard var verified = report.verified else {
            report.skipRest([.deviceAuthentication])
            return report
        }
        do throws(MDocError) {
            guard let deviceSigned = document.deviceSigned else { throw .missingDeviceAuthentication }
            let kind = try authenticate(
                deviceSigned, docType: document.docType, deviceKey: verified.deviceKey, sessionTranscript: sessionTranscript)
            try Self.checkAuthorizations(deviceSigned, keyAuthorizations: verified.mobileSecurityObject.deviceKeyInfo.keyAuthorizations)
            verified.deviceAuthentication = kind
            verified.deviceElements = deviceSigned.nameSpaces
            report.record(.deviceAuthentication, .passed("device \(kind.rawValue) verified"))
            report.verified = verified
        } catch {
            report.record(.deviceAuthentication, .failed(error))
            report.verified = nil
        }
        return report
    }

    func authenticate(
        _ deviceSigned: DeviceSigned, docType: String, deviceKey: PublicKey, sessionTranscript: SessionTranscript
    ) throws(MDocError) -> VerifiedDocument.DeviceAuthentication {
        let payload = DeviceAuthentication.bytes(
            sessionTranscript: sessionTranscript, docType: docType, encodedDeviceNameSpaces: deviceSigned.encodedNameSpaces)
        switch deviceSigned.deviceAuth {
        case .signature(let sign1):
            guard sign1.payload == nil else {
                throw .invalidStructure(path: "deviceSignature", reason: "the payload must be detached (null)")
            }
            try IssuerSignedValidator.requireProtectedAlgorithm(sign1.protected.headers, path: "deviceSignature")
            let algorithm: COSEAlgorithm
            do throws(COSEError) { algorithm = try sign1.algorithm() } catch { throw .cose(error) }
            guard acceptedDeviceAlgorithms.contains(algorithm) else { throw .unsupportedAlgorithm(algorithm.description) }
            do throws(COSEError) {
                try sign1.verify(with: deviceKey, detachedPayload: payload)
            } catch .invalidSignature, .algorithmMismatch {
                throw .deviceSignatureInvalid
            } catch {
                throw .cose(error)
            }
            return .signature
        case .mac(let mac0):
            guard mac0.payload == nil else {
                throw .invalidStructure(path: "deviceMac", reason: "the payload must be detached (null)")
            }
            try IssuerSignedValidator.requireProtectedAlgorithm(mac0.protected.headers, path: "deviceMac")
            guard let readerKey else { throw .invalidRequest("a deviceMac needs the reader's ephemeral private key") }
            let key = try DeviceMacKey.derive(
                privateKey: readerKey, peerPublicKey: deviceKey, sessionTranscript: sessionTranscript)
            do throws(COSEError) {
                guard try mac0.algorithm() == .hmac256 else { throw .unsupportedAlgorithm(try mac0.algorithm().description) }
                try mac0.verify(key: key, detachedPayload: payload)
            } catch .invalidMAC {
                throw .deviceMacInvalid
            } catch .unsupportedAlgorithm(let name) {
                throw .unsupportedAlgorithm(name)
            } catch {
                throw .cose(error)
            }
            return .mac
        }
    }

    /// Every device-signed element must be authorised by the MSO (18013-5 §9.1.2.4).
    static func checkAuthorizations(_ deviceSigned: DeviceSigned, keyAuthorizations: KeyAuthorizations?) throws(MDocError) {
        for (nameSpace, elements) in deviceSigned.nameSpaces {
            for element in elements.keys.sorted()
            where keyAuthorizations?.authorizes(nameSpace: nameSpace, element: element) != true {
                throw .unauthorizedDeviceElement(nameSpace: nameSpace, elementIdentifier: element)
            }
        }
    }
}

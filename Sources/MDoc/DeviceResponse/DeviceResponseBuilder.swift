import CBOR
import COSE
import CryptoKeys
import Foundation

/// The holder side of a presentation (18013-5 §8.3.2.1.2.2, OpenID4VP `mso_mdoc`): picks the
/// requested elements of a stored mdoc and authenticates the result with the device key.
///
/// Selective disclosure is by omission: only the ``IssuerSignedItemBytes`` of requested
/// elements are returned, each with its original bytes so the reader's digests still match;
/// the MSO goes along unchanged.
public enum DeviceResponseBuilder {
    /// The `issuerSigned` part reduced to the requested elements (unknown ones are left out
    /// and listed in `notReturned`).
    public static func disclose(
        _ issuerSigned: IssuerSigned, elements: [String: [String]]
    ) -> (issuerSigned: IssuerSigned, notReturned: [String: [String]]) {
        var disclosed: [String: [IssuerSignedItemBytes]] = [:]
        var missing: [String: [String]] = [:]
        for (nameSpace, wanted) in elements {
            let available = issuerSigned.nameSpaces[nameSpace] ?? []
            var picked: [IssuerSignedItemBytes] = []
            for identifier in Set(wanted).sorted() {
                if let item = available.first(where: { $0.item.elementIdentifier == identifier }) {
                    picked.append(item)
                } else {
                    missing[nameSpace, default: []].append(identifier)
                }
            }
            if !picked.isEmpty { disclosed[nameSpace] = picked }
        }
        return (IssuerSigned(nameSpaces: disclosed, issuerAuth: issuerSigned.issuerAuth), missing)
    }

    /// One presented ``Document``: the requested elements of `issuerSigned`, device-signed
    /// elements (usually none) and the device authentication over `sessionTranscript`.
    ///
    /// Elements the stored mdoc does not hold are reported in the document's `errors` with
    /// code 0 ("data not returned").
    public static func document(
        from issuerSigned: IssuerSigned, elements: [String: [String]], sessionTranscript: SessionTranscript,
        authentication: DeviceAuthenticationMethod, deviceNameSpaces: [String: [String: CBOR]] = [:]
    ) async throws(MDocError) -> Document {
        let docType = issuerSigned.docType
        let (disclosed, notReturned) = disclose(issuerSigned, elements: elements)
        let encodedNameSpaces = DeviceSigned.encode(deviceNameSpaces)
        let payload = DeviceAuthentication.bytes(
            sessionTranscript: sessionTranscript, docType: docType, encodedDeviceNameSpaces: encodedNameSpaces)
        let deviceAuth = try await authenticate(payload, method: authentication, sessionTranscript: sessionTranscript)
        let errors = notReturned.isEmpty ? nil : notReturned.mapValues { Dictionary(uniqueKeysWithValues: $0.map { ($0, Int64(0)) }) }
        return Document(
            docType: docType, issuerSigned: disclosed,
            deviceSigned: DeviceSigned(encodedNameSpaces: encodedNameSpaces, nameSpaces: deviceNameSpaces, deviceAuth: deviceAuth),
            errors: errors)
    }

    /// A DeviceResponse answering `request` from `issuerSigned` (one document).
    public static func response(
        from issuerSigned: IssuerSigned, request: ItemsRequest, sessionTranscript: SessionTranscript,
        authentication: DeviceAuthenticationMethod
    ) async throws(MDocError) -> DeviceResponse {
        guard request.docType == issuerSigned.docType else {
            throw .invalidRequest("the request is for \(request.docType), the mdoc is \(issuerSigned.docType)")
        }
        let document = try await document(
            from: issuerSigned, elements: request.nameSpaces.mapValues { Array($0.keys) },
            sessionTranscript: sessionTranscript, authentication: authentication)
        return DeviceResponse(documents: [document])
    }

    static func authenticate(
        _ payload: Data, method: DeviceAuthenticationMethod, sessionTranscript: SessionTranscript
    ) async throws(MDocError) -> DeviceAuth {
        switch method {
        case .signature(let signer):
            do throws(COSEError) {
                return .signature(try await COSESign1.sign(payload: payload, detached: true, signer: signer))
            } catch {
                throw .signingFailed("\(error)")
            }
        case .mac(let deviceKey, let readerKey):
            let secret: Data
            do {
                secret = try await deviceKey.sharedSecret(with: readerKey)
            } catch let error as CryptoKeysError {
                throw .crypto(error)
            } catch {
                throw .signingFailed("key agreement: \(error)")
            }
            let key = try DeviceMacKey.derive(sharedSecret: secret, sessionTranscript: sessionTranscript)
            do throws(COSEError) {
                return .mac(try COSEMac0.authenticate(payload: payload, key: key, algorithm: .hmac256, detached: true))
            } catch {
                throw .cose(error)
            }
        }
    }
}

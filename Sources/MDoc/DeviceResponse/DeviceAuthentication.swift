import CBOR
import CryptoKeys
import Foundation

/// The structure the device signs or MACs (18013-5 §9.1.3.4):
/// `DeviceAuthenticationBytes = #6.24(bstr .cbor ["DeviceAuthentication", SessionTranscript,
/// DocType, DeviceNameSpacesBytes])`.
///
/// It is never sent: holder and reader each build it from what they know, so both must agree
/// byte for byte. The transcript and the name-space bytes are spliced in exactly as kept, not
/// re-encoded.
public enum DeviceAuthentication {
    /// The context string of the structure.
    public static let context = "DeviceAuthentication"

    /// `DeviceAuthenticationBytes`, the detached payload of `deviceSignature` and `deviceMac`.
    public static func bytes(
        sessionTranscript: SessionTranscript, docType: String, encodedDeviceNameSpaces: Data
    ) -> Data {
        // Spliced into two buffers rather than encoded through `CBOR` values (each of which
        // would copy the transcript or the name spaces again).
        var structure = Data()
        structure.reserveCapacity(48 + sessionTranscript.encoded.count + docType.utf8.count + encodedDeviceNameSpaces.count)
        structure.appendCBORHead(major: 4, argument: 4)
        structure.appendCBORTextString(context)
        structure.append(sessionTranscript.encoded)
        structure.appendCBORTextString(docType)
        structure.appendCBORHead(major: 6, argument: CBOR.embeddedTag)
        structure.appendCBORByteString(encodedDeviceNameSpaces)
        var bytes = Data()
        bytes.reserveCapacity(structure.count + 12)
        bytes.appendCBORHead(major: 6, argument: CBOR.embeddedTag)
        bytes.appendCBORByteString(structure)
        return bytes
    }
}

/// The device MAC key (18013-5 §9.1.3.5): `EMacKey = HKDF-SHA-256(ECDH(device key, reader
/// key), salt = SHA-256(SessionTranscriptBytes), info = "EMacKey", 32 bytes)`.
///
/// The device computes it with its private device key and the reader's ephemeral public key;
/// the reader with its ephemeral private key and the device key from the MSO. Only those two
/// can compute it, which is what makes a MAC-authenticated response deniable to third parties.
public enum DeviceMacKey {
    /// The HKDF `info` string.
    public static let info = Data("EMacKey".utf8)

    /// Derives `EMacKey` from the ECDH shared secret `Z` and the session transcript.
    public static func derive(sharedSecret: Data, sessionTranscript: SessionTranscript) throws(MDocError) -> Data {
        do throws(CryptoKeysError) {
            return try KeyDerivation.hkdf(
                inputKeyMaterial: sharedSecret, salt: DigestAlgorithm.sha256.hash(sessionTranscript.taggedBytes),
                info: info, outputByteCount: 32)
        } catch {
            throw .crypto(error)
        }
    }

    /// Derives `EMacKey` from one side's private key and the other side's public key.
    public static func derive(
        privateKey: PrivateKey, peerPublicKey: PublicKey, sessionTranscript: SessionTranscript
    ) throws(MDocError) -> Data {
        let secret: Data
        do throws(CryptoKeysError) {
            secret = try privateKey.sharedSecret(with: peerPublicKey)
        } catch {
            throw .crypto(error)
        }
        return try derive(sharedSecret: secret, sessionTranscript: sessionTranscript)
    }
}

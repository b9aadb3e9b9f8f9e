import CryptoKeys
import Foundation

/// A device key that can do ECDH, for `deviceMac` (18013-5 §9.1.3.5).
///
/// Like ``CryptoKeys/Signer`` this is a protocol, so a key in a Secure Enclave or HSM that
/// never leaves the hardware can compute the shared secret; an in-memory ``PrivateKey``
/// conforms as is.
public protocol DeviceKeyAgreement: Sendable {
    /// The public half, which the MSO binds.
    var publicKey: PublicKey { get }
    /// The raw ECDH shared secret `Z` with `publicKey` (the reader's ephemeral key).
    func sharedSecret(with publicKey: PublicKey) async throws -> Data
}

extension PrivateKey: DeviceKeyAgreement {}

/// How the holder authenticates a presentation.
public enum DeviceAuthenticationMethod: Sendable {
    /// Sign `DeviceAuthenticationBytes` with the device key (`deviceSignature`), the form
    /// OpenID4VP uses.
    case signature(any Signer)
    /// MAC `DeviceAuthenticationBytes` with `EMacKey` derived from the device key and the
    /// reader's ephemeral key (`deviceMac`).
    case mac(deviceKey: any DeviceKeyAgreement, readerKey: PublicKey)
}

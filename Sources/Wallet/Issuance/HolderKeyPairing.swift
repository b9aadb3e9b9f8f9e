import CryptoKeys
import Foundation
import JOSE
import JSONModel
import MDoc
import Multiformats
import SDJWT

/// Pairs the credentials of one credential response with the holder keys they were
/// requested for.
///
/// A batch request carries one key proof per holder key, and the response lists one
/// credential per key, but OpenID4VCI 1.0 (§8.3) does not promise that the list follows the
/// order of the proofs. So each credential is paired with the key it binds: an SD-JWT VC's
/// `cnf.jwk`, an mdoc's MSO device key, a `jwt_vc_json` credential's `cnf.jwk` or
/// subject did:key, an `ldp_vc` credential's subject did:key. This reads
/// the credential without verifying it; validation afterwards checks that the credential
/// binds exactly the key it was paired with. A credential whose bound key cannot be read, or
/// is none of the keys, takes the first key left over, in order; validation then says what is
/// wrong with it.
enum HolderKeyPairing {
    /// The id of the key for each credential of `received`, in the same order; `nil` when
    /// the keys run out.
    static func keyIDs(for received: [ReceivedCredential], keys: [SecureAreaKey]) -> [String?] {
        var unpaired = keys
        var paired = [SecureAreaKey?](repeating: nil, count: received.count)
        for (position, credential) in received.enumerated() {
            guard let bound = boundKey(of: credential.payload, format: credential.format),
                  let match = unpaired.firstIndex(where: { $0.publicKey == bound })
            else { continue }
            paired[position] = unpaired.remove(at: match)
        }
        for position in paired.indices where paired[position] == nil && !unpaired.isEmpty {
            paired[position] = unpaired.removeFirst()
        }
        return paired.map { $0?.id }
    }

    /// The public key `payload` binds its holder to, read without verification by its
    /// format's plug-in; `nil` when there is none or it cannot be read.
    static func boundKey(of payload: Data, format: CredentialFormat) -> PublicKey? {
        CredentialFormatRegistry.standard.plugIn(for: format).boundKey(of: payload)
    }
}

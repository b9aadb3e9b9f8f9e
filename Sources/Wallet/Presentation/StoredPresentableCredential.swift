import DCQL
import Foundation
import JSONModel
import X509

/// A stored, verified credential as the DCQL matcher sees it: its type, the claims the
/// holder could disclose, whether it is bound to a holder key, and the authority key
/// identifiers of its issuer chain (for `trusted_authorities` of type `aki`).
///
/// Made by the credential's ``CredentialFormatPlugIn/presentable(_:)`` from a
/// ``VerifiedCredential`` that ``CredentialWallet/credential(id:)`` has just verified again, so
/// the matcher never sees a credential the wallet has not checked.
struct StoredPresentableCredential: PresentableCredential {
    let credentialID: String
    let format: String
    let typeIdentifiers: [String]
    let claims: PresentableClaims
    let supportsCryptographicHolderBinding: Bool
    let authorityKeyIdentifiers: [Data]
    /// Claims every presentation reveals whatever is asked: for an SD-JWT VC the claims the
    /// issuer did not make selectively disclosable (`iss`, `vct`, `cnf`, dates, …); empty for
    /// an mdoc, whose elements are each released only when asked for.
    let alwaysDisclosed: [ClaimPath]

    /// The AuthorityKeyIdentifier key identifiers of the certificates in `chain` (DER).
    static func authorityKeyIdentifiers(of chain: [Data]) -> [Data] {
        chain.prefix(10).compactMap { der in
            guard let certificate = try? Certificate(derEncoded: Array(der)),
                  let identifier = try? certificate.extensions.authorityKeyIdentifier?.keyIdentifier
            else { return nil }
            return Data(identifier)
        }
    }

    /// The paths of the values in `value` no Disclosure revealed: a value with no
    /// selectively disclosable claim below it is listed whole, otherwise its plain members
    /// are listed one by one (a selectively disclosable member and what it contains are
    /// revealed only when asked for).
    static func plainClaims(
        in value: JSONValue, at path: [ClaimPath.Component], selective: Set<[ClaimPath.Component]>, depth: Int = 0
    ) -> [[ClaimPath.Component]] {
        let hasSelectiveBelow = selective.contains { $0.count > path.count && Array($0.prefix(path.count)) == path }
        guard hasSelectiveBelow, depth < 16 else { return path.isEmpty ? [] : [path] }
        var found: [[ClaimPath.Component]] = []
        switch value {
        case let .object(object):
            for (name, member) in object {
                let memberPath = path + [.key(name)]
                guard !selective.contains(memberPath) else { continue }
                found += plainClaims(in: member, at: memberPath, selective: selective, depth: depth + 1)
            }
        case let .array(elements):
            for (index, element) in elements.enumerated() {
                let elementPath = path + [.index(index)]
                guard !selective.contains(elementPath) else { continue }
                found += plainClaims(in: element, at: elementPath, selective: selective, depth: depth + 1)
            }
        default:
            break
        }
        return found
    }
}

import Foundation
import SwiftASN1
import X509
import X509Trust

extension CredentialWallet {
    /// Trusts certificates as roots: each element is DER, or PEM text holding one or more
    /// `CERTIFICATE` blocks. `purposes` says whether they anchor issuer chains (IACAs,
    /// SD-JWT VC `x5c`), verifier chains (`x509_san_dns`, `x509_hash`), or both (the default).
    ///
    /// Every input is parsed before anything is stored, so a malformed one adds nothing.
    /// Returns the certificates as now trusted (one already trusted keeps its entry, its
    /// purposes widened).
    @discardableResult
    public func addTrustedIssuerCertificates(
        _ certificates: [Data], purposes: Set<TrustPurpose> = TrustPurpose.all
    ) async throws(WalletError) -> [TrustedCertificate] {
        guard certificates.count <= WalletStore.maximumTrustedCertificates else {
            throw .inputTooLarge(field: "certificates", limit: WalletStore.maximumTrustedCertificates)
        }
        var ders: [Data] = []
        for input in certificates { ders.append(contentsOf: try Self.derCertificates(in: input)) }
        var trusted: [TrustedCertificate] = []
        for der in ders { trusted.append(try await store.addTrustedCertificate(der: der, purposes: purposes).certificate) }
        forgetStatusLists()
        return trusted
    }

    /// The trusted certificates (for one purpose, or all), in the order they were added.
    public func trustedCertificates(purpose: TrustPurpose? = nil) async throws(WalletError) -> [TrustedCertificate] {
        let all = try await store.trustedCertificates()
        guard let purpose else { return all }
        return all.filter { $0.purposes.contains(purpose) }
    }

    /// Stops trusting the certificate with this SHA-256 fingerprint (64 hex digits, any case);
    /// returns whether one was removed. Credentials that chained to it verify as
    /// ``VerificationFailure/Kind/untrustedIssuer`` from then on.
    @discardableResult
    public func removeTrustedCertificate(fingerprint: String) async throws(WalletError) -> Bool {
        let removed = try await store.removeTrustedCertificate(fingerprint: fingerprint)
        forgetStatusLists()
        return removed
    }

    /// The roots trusted for `purpose`, as the X509Trust store validators take (an
    /// OpenID4VP client-id check uses the verifier roots).
    public func trustAnchors(for purpose: TrustPurpose) async throws(WalletError) -> TrustAnchorStore {
        TrustAnchorStore(try await trustedCertificates(purpose: purpose).compactMap {
            try? Certificate(derEncoded: Array($0.derBytes))
        })
    }

    /// The DER certificates in `input`: PEM blocks when it is PEM text, else `input` itself.
    static func derCertificates(in input: Data) throws(WalletError) -> [Data] {
        guard input.count <= 1024 * 1024 else { throw .inputTooLarge(field: "certificate", limit: 1024 * 1024) }
        let text = String(decoding: input.prefix(4096), as: UTF8.self)
        guard text.contains("-----BEGIN") else {
            guard input.count <= WalletStore.maximumCertificateBytes else {
                throw .inputTooLarge(field: "certificate", limit: WalletStore.maximumCertificateBytes)
            }
            do {
                _ = try Certificate(derEncoded: Array(input))
            } catch {
                throw .invalidCertificate(reason: "it is neither PEM text nor a DER certificate")
            }
            return [input]
        }
        let documents: [PEMDocument]
        do {
            documents = try PEMDocument.parseMultiple(pemString: String(decoding: input, as: UTF8.self))
        } catch {
            throw .invalidCertificate(reason: "the PEM text is malformed (a BEGIN line without its END, or base64 that does not decode)")
        }
        var ders: [Data] = []
        for document in documents {
            guard document.discriminator == "CERTIFICATE" else {
                throw .invalidCertificate(reason: "a PEM block is \(document.discriminator), not CERTIFICATE")
            }
            do {
                _ = try Certificate(derEncoded: document.derBytes)
            } catch {
                throw .invalidCertificate(reason: "a CERTIFICATE block does not hold a well-formed X.509 certificate")
            }
            ders.append(Data(document.derBytes))
        }
        guard !ders.isEmpty else { throw .invalidCertificate(reason: "the PEM text holds no certificate") }
        return ders
    }
}

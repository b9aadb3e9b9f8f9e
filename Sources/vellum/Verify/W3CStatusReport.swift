import Foundation
import HTTP
import W3CCredentials

/// One check per `credentialStatus` entry of a W3C credential (Bitstring Status List): its
/// list fetched, verified and read. Shared by the Data Integrity and JWT paths.
struct W3CStatusReport {
    var httpClient: any HTTPClient
    var now: Date

    func checks(for credential: VerifiableCredential, location: String) async -> [W3CVerification.Check] {
        let results = await CredentialStatusChecker(httpClient: httpClient, now: now).check(credential)
        return results.enumerated().map { index, result in
            let purpose = result.entry["statusPurpose"]?.stringValue ?? "status"
            return W3CVerification.Check(
                location: "\(location) credentialStatus[\(index)]", detail: "\(purpose): \(result.status)",
                failure: result.status.isValid ? nil : "\(result.status)")
        }
    }
}

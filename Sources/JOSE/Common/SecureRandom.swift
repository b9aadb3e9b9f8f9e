import Foundation

/// Fresh random bytes for content keys and IVs, from the system CSPRNG (`getrandom` on
/// Linux, `arc4random_buf` on Apple platforms, via `SystemRandomNumberGenerator`).
///
/// Public so protocol modules (nonces, PKCE verifiers, `jti`s) draw from the same source.
public enum SecureRandom {
    /// `count` random bytes.
    public static func bytes(_ count: Int) -> Data {
        var generator = SystemRandomNumberGenerator()
        return Data((0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }
}

/// A base encoding multibase can name, with its one-character prefix.
///
/// The raw value is the name in the multibase table (`base58btc`, `base64url`, ...), so a
/// value read from a configuration file or a test vector maps straight onto a case.
public enum MultibaseEncoding: String, Sendable, Hashable, CaseIterable {
    case base2
    case base8
    case base10
    case base16
    case base16upper
    case base32
    case base32upper
    case base32pad
    case base32padupper
    case base32hex
    case base32hexupper
    case base32hexpad
    case base32hexpadupper
    case base32z
    case base36
    case base36upper
    case base58btc
    case base58flickr
    case base64
    case base64pad
    case base64url
    case base64urlpad
    case base256emoji

    /// The character that starts a multibase string in this encoding.
    public var prefix: Character {
        switch self {
        case .base2: return "0"
        case .base8: return "7"
        case .base10: return "9"
        case .base16: return "f"
        case .base16upper: return "F"
        case .base32: return "b"
        case .base32upper: return "B"
        case .base32pad: return "c"
        case .base32padupper: return "C"
        case .base32hex: return "v"
        case .base32hexupper: return "V"
        case .base32hexpad: return "t"
        case .base32hexpadupper: return "T"
        case .base32z: return "h"
        case .base36: return "k"
        case .base36upper: return "K"
        case .base58btc: return "z"
        case .base58flickr: return "Z"
        case .base64: return "m"
        case .base64pad: return "M"
        case .base64url: return "u"
        case .base64urlpad: return "U"
        case .base256emoji: return "\u{1F680}"
        }
    }

    /// The encoding a multibase prefix names, or `nil` if this library does not support it.
    ///
    /// Prefixes are single Unicode scalars and are compared as such.
    public init?(prefix: Unicode.Scalar) {
        guard let match = Self.allCases.first(where: { $0.prefix.unicodeScalars.first == prefix }) else {
            return nil
        }
        self = match
    }
}

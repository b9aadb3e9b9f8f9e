import Foundation

/// An issuer or verifier as a profile presents it to the holder.
public struct ProviderDetail: Jsonable, Sendable, Hashable {
    public var did: String
    /// Where the provider's certificate of membership (a VC) can be fetched.
    public var certVcRef: String
    public var name: String
    public var description: String?
    public var logo: LogoImage?
    /// URL of more information.
    public var ref: String?

    public init(
        did: String, certVcRef: String, name: String, description: String? = nil, logo: LogoImage? = nil,
        ref: String? = nil
    ) {
        self.did = did
        self.certVcRef = certVcRef
        self.name = name
        self.description = description
        self.logo = logo
        self.ref = ref
    }
}

/// A logo, by link or inline.
public struct LogoImage: Jsonable, Sendable, Hashable {
    public var format: LogoImageType
    public var link: String?
    /// The image bytes, multibase-encoded.
    public var value: String?

    public init(format: LogoImageType, link: String? = nil, value: String? = nil) {
        self.format = format
        self.link = link
        self.value = value
    }
}

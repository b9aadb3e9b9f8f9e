import Foundation
import HTTP

/// Why a scanned exchange could not go on, in terms a caller can act on: a link to refuse, a
/// server that failed, a message that is not what it claims, or a request the holder's
/// policy refuses. Every refusal is made before anything is sent.
public enum QRExchangeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The link is not an `https` URL (or `http` to a loopback host).
    case invalidLink(String)
    /// The request failed on the way (timeout, size, redirect, address policy).
    case transport(HTTPError)
    /// The server answered with an error status; `message` is the start of its body.
    case serverError(status: Int, message: String)
    /// The server's JSON is not a message of the kind expected; the text says what is wrong.
    case malformedMessage(String)
    /// The message's `type` is neither `CredentialOffer` nor `VerifiablePresentationRequest`.
    case unsupportedMessageType(String?)
    /// The offer's `expires` has passed.
    case offerExpired(Date)
    /// The presentation request carries no `challenge`, so a presentation could be replayed.
    case missingChallenge
    /// The request's `domain` is not the host it was fetched from.
    case domainMismatch(expected: String, found: String)
    /// A query type the holder does not answer.
    case unsupportedQuery(String)

    public var description: String {
        switch self {
        case .invalidLink(let link): "not an https link (or http to this machine): \(link)"
        case .transport(let error): error.description
        case let .serverError(status, message): "the server answered HTTP \(status)\(message.isEmpty ? "" : ": \(message)")"
        case .malformedMessage(let reason): "malformed message: \(reason)"
        case .unsupportedMessageType(let type): "unsupported message type \(type.map { "'\($0)'" } ?? "(none)")"
        case .offerExpired(let date): "the offer expired at \(date)"
        case .missingChallenge: "the presentation request has no challenge"
        case let .domainMismatch(expected, found): "the request names the domain '\(found)' but comes from '\(expected)'"
        case .unsupportedQuery(let type): "unsupported query type '\(type)'"
        }
    }
}

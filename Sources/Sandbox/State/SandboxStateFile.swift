import Foundation
import JSONModel
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The sandbox's state directory: one file, `state.json`, holding a ``SandboxState``.
///
/// The file holds private keys, so it is created with mode 0600 in a directory of mode 0700,
/// and replaced atomically (a new file renamed over the old), so a sandbox killed mid-write
/// leaves the previous state, never half of one.
public struct SandboxStateFile: Sendable, Hashable {
    /// The state directory.
    public let directory: URL

    /// The state file of `directory`.
    public init(directory: URL) {
        self.directory = directory
    }

    /// The file itself.
    public var url: URL { directory.appendingPathComponent("state.json") }

    /// The largest state file read (a full status list of the largest size and its records).
    static let maximumBytes = 16 * 1024 * 1024
    /// The largest status list kept: 2²⁰ entries of two bits.
    static let maximumStatusListBytes = 262_144

    /// Whether a state file exists.
    public var exists: Bool { FileManager.default.fileExists(atPath: url.path) }

    /// Reads the state, or throws ``SandboxError/invalidState(_:)`` naming what is wrong.
    func load() throws(SandboxError) -> SandboxState {
        let data: Data
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
            if let size = attributes[.size] as? Int, size > Self.maximumBytes {
                throw SandboxError.invalidState("\(url.path) is larger than \(Self.maximumBytes) bytes")
            }
            data = try Data(contentsOf: url)
        } catch let error as SandboxError {
            throw error
        } catch {
            throw .invalidState("\(url.path) cannot be read")
        }
        let json: JSONValue
        do {
            json = try JSONValue(parsing: data)
        } catch {
            throw .invalidState("\(url.path) is not JSON")
        }
        return try SandboxState(json: json)
    }

    /// Writes `state`, replacing the file atomically.
    func save(_ state: SandboxState) throws(SandboxError) {
        let bytes = Data(try state.jsonValue().serialized())
        let manager = FileManager.default
        do {
            try manager.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .stateNotWritten("\(directory.path) cannot be created")
        }
        let temporary = directory.appendingPathComponent(".state-\(UUID().uuidString).json")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .stateNotWritten("\(directory.path) is not writable") }
        let written = bytes.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let count = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return fsync(descriptor) == 0
        }
        close(descriptor)
        guard written, rename(temporary.path, url.path) == 0 else {
            unlink(temporary.path)
            throw .stateNotWritten("\(url.path) could not be replaced (disk full?)")
        }
        try writeRoots(of: state)
    }

    /// The issuer root (IACA), public: what a wallet trusts for the sandbox's credentials.
    public var issuerRootURL: URL { directory.appendingPathComponent("issuer-root.pem") }
    /// The verifier root, public: what a wallet trusts (`--purpose verifier`) to answer the
    /// sandbox verifier's requests.
    public var verifierRootURL: URL { directory.appendingPathComponent("verifier-root.pem") }

    /// Writes the two roots beside the state, as PEM, when they are not there already, so
    /// a person can `vellum trust add` them without fetching them from the running sandbox.
    private func writeRoots(of state: SandboxState) throws(SandboxError) {
        for (url, certificate) in [(issuerRootURL, state.issuerRoot), (verifierRootURL, state.verifierKeys.root)] {
            let pem = Data(SandboxAuthority.pem(certificate).utf8)
            guard (try? Data(contentsOf: url)) != pem else { continue }
            do {
                try pem.write(to: url, options: .atomic)
            } catch {
                throw .stateNotWritten("\(url.path) could not be written")
            }
        }
    }
}

extension SandboxStateFile {
    /// Where the sandbox of this state last served, read without the keys being checked:
    /// the default address of `vellum sandbox offer` and `request`. `nil` when unknown.
    public var lastServedURL: URL? {
        guard let state = try? load(), let text = state.issuerURL else { return nil }
        return URL(string: text)
    }
}

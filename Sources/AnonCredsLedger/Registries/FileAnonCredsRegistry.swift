import AnonCreds
import Foundation

/// Schemas and credential definitions kept as JSON files in a directory, one per object, in
/// the `~ledger` layout: `schema/ID.json` and `cred_def/ID.json`, `ID` percent-encoded as in a
/// `~ledger` URL — so a static web server over the directory is an ``HTTPAnonCredsRegistry``
/// for the same objects.
///
/// Each file is the object's JSON as anoncreds-rs writes it, read within
/// ``AnonCredsRegistryLimits/maximumObjectBytes`` (its size is checked before it is read) and
/// checked against the identifier it is filed under, so a file swapped by someone who could
/// write the directory is still refused when it is not the object its name says.
/// ``publish(_:id:)`` files an object after the same check.
public struct FileAnonCredsRegistry: AnonCredsRegistry {
    /// The directory.
    public let directory: URL
    /// The check of each object against its identifier.
    public let policy: IdentifierBindingPolicy
    /// The size limits.
    public let limits: AnonCredsRegistryLimits

    /// A registry over `directory` (made by the first ``publish(_:id:)``).
    public init(directory: URL, policy: IdentifierBindingPolicy = .standard, limits: AnonCredsRegistryLimits = .default) {
        self.directory = directory
        self.policy = policy
        self.limits = limits
    }

    public func schema(id: String) async throws(AnonCredsRegistryError) -> Schema { try load(id) }

    public func credentialDefinition(id: String) async throws(AnonCredsRegistryError) -> CredentialDefinition { try load(id) }

    /// Files `entity` (a schema or credential definition) as `id`, replacing what was there,
    /// once it is checked against `id`.
    public func publish<Entity: PublicEntity>(_ entity: Entity, id: String) throws(AnonCredsRegistryError) {
        try limits.check(id, as: Entity.kind)
        try entity.check(against: id, policy: policy)
        let file = fileURL(for: Entity.kind, id: id)
        do {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try entity.jsonData().write(to: file, options: .atomic)
        } catch {
            throw .storage("cannot write \(file.path): \(error.localizedDescription)")
        }
    }

    /// The file of the object of `kind` named `id`.
    public func fileURL(for kind: PublicEntityKind, id: String) -> URL {
        directory.appendingPathComponent(kind.pathSegment, isDirectory: true)
            .appendingPathComponent(IdentifierPathSegment.encode(id) + ".json", isDirectory: false)
    }

    private func load<Entity: PublicEntity>(_ id: String) throws(AnonCredsRegistryError) -> Entity {
        try PublicEntityReader(policy: policy, limits: limits).read(Entity.self, from: try bytes(Entity.kind, id: id), id: id)
    }

    private func bytes(_ kind: PublicEntityKind, id: String) throws(AnonCredsRegistryError) -> Data {
        try limits.check(id, as: kind)
        let file = fileURL(for: kind, id: id)
        let size: Int
        do {
            let values = try file.resourceValues(forKeys: [.isRegularFileKey, .fileSizeKey])
            guard values.isRegularFile == true, let fileSize = values.fileSize else { throw AnonCredsRegistryError.notFound(kind: kind, id: id) }
            size = fileSize
        } catch let error as AnonCredsRegistryError {
            throw error
        } catch {
            throw .notFound(kind: kind, id: id)
        }
        guard size <= limits.maximumObjectBytes else { throw .tooLarge(id: id, limit: limits.maximumObjectBytes) }
        let handle: FileHandle
        do {
            handle = try FileHandle(forReadingFrom: file)
        } catch {
            throw .storage("cannot open \(file.path): \(error.localizedDescription)")
        }
        defer { try? handle.close() }
        do {
            // One byte over the limit is enough to tell a file that grew since its size was read.
            let data = try handle.read(upToCount: limits.maximumObjectBytes + 1) ?? Data()
            guard data.count <= limits.maximumObjectBytes else { throw AnonCredsRegistryError.tooLarge(id: id, limit: limits.maximumObjectBytes) }
            return data
        } catch let error as AnonCredsRegistryError {
            throw error
        } catch {
            throw .storage("cannot read \(file.path): \(error.localizedDescription)")
        }
    }
}

import Foundation
import Testing

/// Locates the shared public test vectors (`../shared/vectors/` beside the package).
///
/// The vectors are read at test time and never copied into the project. Set
/// `VELLUM_VECTORS` to point somewhere else. Tests that need them are gated with
/// `.enabled(if: Vectors.isAvailable, Vectors.skipMessage)`.
public enum Vectors {
    /// The message a test prints when it is skipped for want of the vectors.
    public static let skipMessage: Comment = "skipped: ../shared/vectors not found"

    /// The vectors folder, or `nil` when it is absent.
    public static let root: URL? = {
        let fileManager = FileManager.default
        if let override = ProcessInfo.processInfo.environment["VELLUM_VECTORS"] {
            let url = URL(fileURLWithPath: override, isDirectory: true)
            return fileManager.fileExists(atPath: url.path) ? url : nil
        }
        let candidate = PackageRoot.url
            .deletingLastPathComponent()
            .appendingPathComponent("shared/vectors", isDirectory: true)
        return fileManager.fileExists(atPath: candidate.path) ? candidate : nil
    }()

    /// Whether the vectors folder is present.
    public static var isAvailable: Bool { root != nil }

    /// The URL of a file or folder inside the vectors folder.
    public static func url(_ relativePath: String) throws -> URL {
        guard let root else { throw VectorsMissing() }
        return root.appendingPathComponent(relativePath)
    }

    /// The bytes of a file inside the vectors folder.
    public static func data(_ relativePath: String) throws -> Data {
        try Data(contentsOf: url(relativePath))
    }

    /// A JSON file inside the vectors folder, decoded with `JSONSerialization`.
    public static func json(_ relativePath: String) throws -> Any {
        try JSONSerialization.jsonObject(with: data(relativePath), options: [.fragmentsAllowed])
    }

    /// The files directly inside a vectors subfolder whose names end with `suffix`, sorted.
    public static func files(in relativePath: String, suffix: String = "") throws -> [URL] {
        let folder = try url(relativePath)
        return try FileManager.default
            .contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.lastPathComponent.hasSuffix(suffix) }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }
}

/// Thrown when a test asks for a vector while the folder is absent.
public struct VectorsMissing: Error, CustomStringConvertible {
    public var description: String { "skipped: ../shared/vectors not found" }
}

/// The root folder of the Vellum package (where `Package.swift` is).
public enum PackageRoot {
    public static let url: URL = {
        // This file is Tests/VellumTestSupport/Vectors.swift.
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()
            .deletingLastPathComponent()
            .deletingLastPathComponent()
    }()
}


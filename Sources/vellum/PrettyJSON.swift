import DID
import JSONModel

/// Pretty JSON for the terminal.
enum PrettyJSON {
    static func string(_ document: DIDDocument) -> String {
        document.json.serializedString(.pretty)
    }
}

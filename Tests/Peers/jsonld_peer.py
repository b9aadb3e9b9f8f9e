"""Interop peer for JSON-LD: pyld (PyLD 3.3.0) expands and deserializes to RDF what Vellum's
tests hand it, with the contexts the test passes (no network).

stdin: one JSON object:
  {"op":"expand","document":..,"contexts":{url: document}} -> {"expanded": [...]}
  {"op":"toRdf","document":..,"contexts":{url: document}} -> {"nquads": "..."}
  {"op":"canonize","document":..,"contexts":{url: document}} -> {"nquads": "..."}  (URDNA2015 / RDFC-1.0)
A URL not in "contexts" fails the run (exit 1) rather than reaching the network.
"""
import json
import sys

from pyld import jsonld


def main():
    request = json.load(sys.stdin)
    contexts = request.get("contexts", {})

    def loader(url, options=None):
        if url not in contexts:
            raise jsonld.JsonLdError("not available offline: " + url, "jsonld.LoadDocumentError",
                                     code="loading document failed")
        return {"contextUrl": None, "documentUrl": url, "document": contexts[url]}

    options = {"documentLoader": loader}
    if request["op"] == "expand":
        result = {"expanded": jsonld.expand(request["document"], options)}
    elif request["op"] == "toRdf":
        options["format"] = "application/n-quads"
        result = {"nquads": jsonld.to_rdf(request["document"], options)}
    elif request["op"] == "canonize":
        options.update({"algorithm": "URDNA2015", "format": "application/n-quads"})
        result = {"nquads": jsonld.normalize(request["document"], options)}
    else:
        raise SystemExit("unknown op " + request["op"])
    json.dump(result, sys.stdout)


if __name__ == "__main__":
    main()

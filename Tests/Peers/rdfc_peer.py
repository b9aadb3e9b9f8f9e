"""pyoxigraph (Oxigraph, Rust) peer for the RDFC-1.0 interop tests.

Input on stdin is JSON:
  {"op": "canonicalize", "hash": "SHA256" | "SHA384", "engine": "pyoxigraph" | "pyld",
   "datasets": ["<N-Quads>", ...]}
    -> {"canonical": ["<canonical N-Quads>", ...]}   (sorted lines, each ending in a line feed;
       a dataset the engine refuses gives {"error": "..."} in its place). pyld (JavaScript's
       rdf-canonize ported to Python) is the second opinion where Oxigraph and Vellum differ.
  {"op": "generate", "seed": n, "count": k}
    -> {"datasets": [{"input": "<N-Quads>", "canonical": "<canonical N-Quads>"}, ...]}
       random datasets written here, so Vellum also reads what another program wrote.
"""
import json
import random
import sys

import pyoxigraph as ox

ALGORITHMS = {
    "SHA256": ox.CanonicalizationAlgorithm.RDFC_1_0,
    "SHA384": ox.CanonicalizationAlgorithm.RDFC_1_0_SHA_384,
}


def canonical(text, algorithm):
    dataset = ox.Dataset(ox.parse(text, format=ox.RdfFormat.N_QUADS))
    dataset.canonicalize(algorithm)
    lines = sorted(str(quad) + " .\n" for quad in dataset)
    return "".join(lines)


def canonical_pyld(text):
    from pyld import jsonld

    return jsonld.normalize(
        text, {"algorithm": "URDNA2015", "inputFormat": "application/n-quads", "format": "application/n-quads"}
    )


def random_dataset(rng):
    """A dataset mixing IRIs, literals (with escapes and languages) and blank nodes in the
    default and named graphs, with few predicates so that blank nodes look alike."""
    nodes = ["_:n%d" % i for i in range(rng.randint(1, 8))]
    iris = ["<urn:ex:%d>" % i for i in range(3)]
    predicates = ["<urn:ex:p%d>" % i for i in range(rng.randint(1, 2))]
    literals = ['"x"', '"y"@en', '"1"^^<http://www.w3.org/2001/XMLSchema#integer>', '"a\\tb\\"\\\\ \\u00e9"']
    lines = set()
    for _ in range(rng.randint(1, 14)):
        subject = rng.choice(nodes + iris[:1])
        obj = rng.choice(nodes + nodes + iris + literals)
        graph = rng.choice(["", "", "", " <urn:ex:g>", " " + rng.choice(nodes)])
        lines.add("%s %s %s%s .\n" % (subject, rng.choice(predicates), obj, graph))
    return "".join(sorted(lines))


def main():
    request = json.load(sys.stdin)
    if request["op"] == "canonicalize":
        algorithm = ALGORITHMS[request.get("hash", "SHA256")]
        engine = request.get("engine", "pyoxigraph")
        results = []
        for text in request["datasets"]:
            try:
                results.append(canonical_pyld(text) if engine == "pyld" else canonical(text, algorithm))
            except Exception as error:  # a refusal is a result to compare, not a crash
                results.append({"error": str(error)})
        json.dump({"canonical": results}, sys.stdout)
    elif request["op"] == "generate":
        rng = random.Random(request["seed"])
        datasets = []
        for _ in range(request["count"]):
            text = random_dataset(rng)
            datasets.append({"input": text, "canonical": canonical(text, ALGORITHMS["SHA256"])})
        json.dump({"datasets": datasets}, sys.stdout)
    else:
        raise SystemExit("unknown op " + request["op"])


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Cut the description-free extract of Square's OpenAPI description that the project carries.

Reads the catalog subset of Square's OpenAPI 3.0 document (and, for operations the subset does
not hold, the full document) and writes Sources/SquareSchema/square-contract.json, the rules the
sandbox enforces on requests and the schemas the contract tests check exchanges against: for
each Square operation this project calls, its method, path, parameters and the names of its
request and 200-response schemas, plus every schema those reach through $ref. Prose keys
(description, example, summary, title, x-* extensions) are dropped, so only the machine-checkable
shape is kept. Enum values Square sends but does not publish (ENUM_ADDITIONS) are added and listed
under "amendments"; schemas referenced but never defined are listed under "unresolved" and accept
any value.

Usage: scripts/extract-square-schemas.py [SUBSET_JSON] [--api API_JSON] [--out OUTPUT_JSON]
Paths default to ../shared/square/... and Sources/SquareSchema/... relative to the
repository root. Python standard library only.
"""

import argparse
import json
import os
import sys

REPO_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# (operationId, method, path) for every endpoint the project uses (see NOTES.md).
OPERATIONS = [
    ("ListCatalog", "get", "/v2/catalog/list"),
    ("SearchCatalogObjects", "post", "/v2/catalog/search"),
    ("SearchCatalogItems", "post", "/v2/catalog/search-catalog-items"),
    ("RetrieveCatalogObject", "get", "/v2/catalog/object/{object_id}"),
    ("BatchRetrieveCatalogObjects", "post", "/v2/catalog/batch-retrieve"),
    ("UpsertCatalogObject", "post", "/v2/catalog/object"),
    ("BatchUpsertCatalogObjects", "post", "/v2/catalog/batch-upsert"),
    ("DeleteCatalogObject", "delete", "/v2/catalog/object/{object_id}"),
    ("BatchDeleteCatalogObjects", "post", "/v2/catalog/batch-delete"),
    ("CatalogInfo", "get", "/v2/catalog/info"),
    ("ListLocations", "get", "/v2/locations"),
    ("CreateLocation", "post", "/v2/locations"),
    ("BatchRetrieveInventoryCounts", "post", "/v2/inventory/counts/batch-retrieve"),
    ("BatchChangeInventory", "post", "/v2/inventory/changes/batch-create"),
    ("BatchRetrieveInventoryChanges", "post", "/v2/inventory/changes/batch-retrieve"),
    ("RetrieveInventoryPhysicalCount", "get", "/v2/inventory/physical-counts/{physical_count_id}"),
    ("RetrieveInventoryAdjustment", "get", "/v2/inventory/adjustments/{adjustment_id}"),
    ("BulkRetrieveVendors", "post", "/v2/vendors/bulk-retrieve"),
    ("SearchVendors", "post", "/v2/vendors/search"),
]

# Values Square really sends that its published enums leave out (see NOTES.md): without them a
# faithful response would fail its own schema. Each is listed in the output under "amendments".
ENUM_ADDITIONS = {
    "ErrorCode": ["VERSION_MISMATCH"],
}

PROSE_KEYS = {"description", "example", "examples", "summary", "title", "externalDocs"}
# Keywords whose value is a schema, a list of schemas, or a map of name -> schema.
SCHEMA_KEYWORDS = {"items", "additionalProperties", "not"}
SCHEMA_LIST_KEYWORDS = {"allOf", "anyOf", "oneOf"}
REF_PREFIX = "#/components/schemas/"


def is_prose(key):
    return key in PROSE_KEYS or key.startswith("x-")


def strip_schema(schema):
    """A copy of `schema` without prose, recursing only where a value is itself a schema."""
    if not isinstance(schema, dict):
        return schema
    result = {}
    for key, value in schema.items():
        if is_prose(key):
            continue
        if key == "properties":
            result[key] = {name: strip_schema(sub) for name, sub in value.items()}
        elif key in SCHEMA_KEYWORDS:
            result[key] = strip_schema(value)
        elif key in SCHEMA_LIST_KEYWORDS:
            result[key] = [strip_schema(sub) for sub in value]
        else:
            result[key] = value
    return result


def refs_in(schema):
    """Names of the component schemas `schema` refers to directly or in nested schemas."""
    found = []
    if isinstance(schema, dict):
        ref = schema.get("$ref")
        if isinstance(ref, str) and ref.startswith(REF_PREFIX):
            found.append(ref[len(REF_PREFIX):])
        for value in schema.values():
            found.extend(refs_in(value))
    elif isinstance(schema, list):
        for value in schema:
            found.extend(refs_in(value))
    return found


def json_schema_name(holder):
    """The component name of the application/json schema of a request body or response, or None."""
    schema = (holder or {}).get("content", {}).get("application/json", {}).get("schema")
    if not schema:
        return None
    ref = schema.get("$ref", "")
    if not ref.startswith(REF_PREFIX):
        sys.exit("inline schema where a $ref was expected: %r" % schema)
    return ref[len(REF_PREFIX):]


def find_operation(documents, method, path):
    for document in documents:
        operation = document.get("paths", {}).get(path, {}).get(method)
        if operation:
            return operation
    sys.exit("no %s %s in the OpenAPI documents" % (method.upper(), path))


def find_schema(documents, name):
    """The component schema `name` from the first document that defines it, or None."""
    for document in documents:
        schema = document.get("components", {}).get("schemas", {}).get(name)
        if schema is not None:
            return schema
    return None


def square_version(document):
    """The Square-Version date the document describes (its global header), or "unknown"."""
    for header in document.get("x-fern-global-headers", []):
        if header.get("header") == "Square-Version":
            return header.get("type", "").replace("literal<", "").strip('>"') or "unknown"
    return "unknown"


def build_contract(documents):
    operations = {}
    pending = []
    for operation_id, method, path in OPERATIONS:
        operation = find_operation(documents, method, path)
        request = json_schema_name(operation.get("requestBody"))
        response = json_schema_name(operation.get("responses", {}).get("200"))
        parameters = [
            {
                "name": parameter["name"],
                "in": parameter["in"],
                "required": bool(parameter.get("required", False)),
                "schema": strip_schema(parameter.get("schema", {})),
            }
            for parameter in operation.get("parameters", [])
        ]
        operations[operation_id] = {
            "method": method.upper(),
            "path": path,
            "parameters": parameters,
            "request": request,
            "response": response,
        }
        pending.extend(name for name in (request, response) if name)
        for parameter in parameters:
            pending.extend(refs_in(parameter["schema"]))
    pending.append("Error")
    schemas = {}
    unresolved = []
    amendments = []
    while pending:
        name = pending.pop()
        if name in schemas:
            continue
        schema = find_schema(documents, name)
        if schema is None:
            # Square's own document refers to a few schemas it never defines; accept any value there.
            print("warning: %s is referenced but not defined; it accepts any value" % name, file=sys.stderr)
            unresolved.append(name)
            schemas[name] = {}
            continue
        schemas[name] = strip_schema(schema)
        for value in ENUM_ADDITIONS.get(name, []):
            if value not in schemas[name].get("enum", []):
                schemas[name]["enum"] = schemas[name].get("enum", []) + [value]
                amendments.append("%s.enum += %s" % (name, value))
        pending.extend(refs_in(schemas[name]))
    return {
        "source": "Square's OpenAPI 3.0 description (Apache-2.0), Square-Version %s, prose removed"
        % square_version(documents[0]),
        "operations": operations,
        "unresolved": sorted(unresolved),
        "amendments": amendments,
        "schemas": {name: schemas[name] for name in sorted(schemas)},
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "subset", nargs="?",
        default=os.path.join(REPO_ROOT, "..", "shared", "square", "catalog-subset.openapi.json"))
    parser.add_argument("--api", default=None, help="full api.json (default: next to the subset)")
    parser.add_argument(
        "--out", default=os.path.join(REPO_ROOT, "Sources", "SquareSchema", "square-contract.json"))
    arguments = parser.parse_args()
    api_path = arguments.api or os.path.join(os.path.dirname(os.path.abspath(arguments.subset)), "api.json")
    documents = []
    for path in (arguments.subset, api_path):
        with open(path, encoding="utf-8") as handle:
            documents.append(json.load(handle))
    contract = build_contract(documents)
    with open(arguments.out, "w", encoding="utf-8") as handle:
        json.dump(contract, handle, indent=1, ensure_ascii=False)
        handle.write("\n")
    print("wrote %d operations and %d schemas to %s"
          % (len(contract["operations"]), len(contract["schemas"]), arguments.out))


if __name__ == "__main__":
    main()

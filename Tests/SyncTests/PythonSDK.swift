import CatalogTestSupport
import Foundation

/// Runs small scripts against the sandbox with Square's official Python SDK (`pip install squareup`).
enum PythonSDK {
    /// argv: base URL, token, item id, new name. Fetches the item and upserts it renamed, with its versions.
    static let renameItem = """
        import sys, uuid, warnings
        warnings.simplefilter("ignore")
        from square import Square
        base_url, token, item_id, name = sys.argv[1:5]
        client = Square(base_url=base_url, token=token)
        item = client.catalog.object.get(object_id=item_id).object
        body = item.dict(by_alias=True, exclude_none=True)
        body["item_data"]["name"] = name
        client.catalog.object.upsert(idempotency_key=str(uuid.uuid4()), object=body)
        """

    /// Runs `script` with `arguments`; returns the exit status (its error output goes to the test's stderr).
    static func run(_ script: String, arguments: [String]) async -> Int32 {
        guard let result = try? await ChildProcess.run("python3", ["-c", script] + arguments) else { return -1 }
        if result.status != 0 { FileHandle.standardError.write(Data(result.stderr.utf8)) }
        return result.status
    }
}

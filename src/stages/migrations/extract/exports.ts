import { Node, SyntaxKind, type SourceFile } from 'ts-morph';

/**
 * Finding what a migration file exports (`up`, `config`) the ways knex can load it: ESM
 * (`export function`, `export const`, `export { up }`, `export default { up }`) and CommonJS
 * (`exports.up =`, `module.exports.up =`, `module.exports = { up }`).
 */

/** The node that `name` is exported as: ESM exports, `exports.name =`, `module.exports = { name }`. */
export function findExport(file: SourceFile, name: string): Node | undefined {
  const local = (localName: string): Node | undefined => {
    for (const statement of file.getStatements()) {
      if (Node.isFunctionDeclaration(statement) && statement.getName() === localName) return statement;
      if (Node.isVariableStatement(statement)) {
        const declaration = statement.getDeclarations().find((d) => d.getName() === localName);
        if (declaration) return declaration.getInitializer();
      }
    }
    return undefined;
  };
  for (const statement of file.getStatements()) {
    if (Node.isFunctionDeclaration(statement) && statement.hasExportKeyword() && statement.getName() === name) return statement;
    if (Node.isVariableStatement(statement) && statement.hasExportKeyword()) {
      const declaration = statement.getDeclarations().find((d) => d.getName() === name);
      if (declaration) return declaration.getInitializer();
    }
    if (Node.isExportDeclaration(statement) && statement.getModuleSpecifierValue() === undefined) {
      const named = statement.getNamedExports().find((n) => (n.getAliasNode() ?? n.getNameNode()).getText() === name);
      if (named) return local(named.getName());
    }
    const assignment = Node.isExpressionStatement(statement) ? statement.getExpression() : undefined;
    const isAssignment = assignment && Node.isBinaryExpression(assignment) && assignment.getOperatorToken().getKind() === SyntaxKind.EqualsToken;
    // `export default { up, down }` behaves like `module.exports = { up, down }`.
    const defaultObject = Node.isExportAssignment(statement) && !statement.isExportEquals() ? statement.getExpression() : undefined;
    if (isAssignment || defaultObject) {
      const target = isAssignment ? assignment.getLeft().getText() : 'module.exports';
      const value = isAssignment ? assignment.getRight() : defaultObject!;
      if (target === `exports.${name}` || target === `module.exports.${name}`) return Node.isIdentifier(value) ? local(value.getText()) : value;
      if (target === 'module.exports' && Node.isObjectLiteralExpression(value)) {
        const property = value.getProperty(name);
        if (property && Node.isPropertyAssignment(property)) {
          const initializer = property.getInitializer();
          return initializer && Node.isIdentifier(initializer) ? local(initializer.getText()) : initializer;
        }
        if (property && Node.isShorthandPropertyAssignment(property)) return local(name);
        if (property && Node.isMethodDeclaration(property)) return property;
      }
    }
  }
  return undefined;
}

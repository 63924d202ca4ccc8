// Stylesheets are CSS modules (one per component): Vite scopes their class names at build time.
declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}
declare module '*.css';

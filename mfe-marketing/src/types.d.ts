declare module '*.pdf' {
  const url: string;
  export default url;
}

/**
 * The spinner shown while a screen's chunk or the language loads: CSS only (styles.css), as antd-mobile's
 * SpinLoading would bring its animation library into the entry chunk.
 */
export function PageLoading() {
  return (
    <div className="app-loading" aria-busy="true">
      <span className="app-spinner" />
    </div>
  );
}

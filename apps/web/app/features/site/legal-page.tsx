/** The frame of a legal page: one heading, the date its text took effect, readable prose. */
export function LegalPage({
  title,
  effective,
  children,
}: {
  title: string;
  effective: string;
  children: React.ReactNode;
}) {
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-3xl px-4 py-12 focus:outline-none">
      <h1 className="text-4xl">{title}</h1>
      <p className="mt-2 text-sm text-muted">Effective {effective}</p>
      {/* An email or link longer than a 320 px screen breaks rather than scrolling the page sideways. */}
      <div className="mt-8 space-y-4 leading-relaxed wrap-break-word [&_h2]:mt-8 [&_h2]:text-2xl [&_li]:ml-5 [&_li]:list-disc">
        {children}
      </div>
    </main>
  );
}

/** Frequencies and thresholds of the illustration: a typical noise notch at 4 kHz. */
const frequencies = ['250', '500', '1k', '2k', '3k', '4k', '6k', '8k'];
const right = [10, 10, 15, 15, 30, 45, 35, 20];
const left = [15, 10, 10, 20, 35, 50, 40, 25];

const x = (i: number) => 48 + i * 44;
const y = (db: number) => 28 + ((db + 10) / 130) * 208;

/**
 * A decorative audiogram on the landing page (ASHA symbols: red O right ear, blue X left ear,
 * inverted dB axis). It illustrates the product; it shows no one's data.
 */
export function AudiogramPreview() {
  return (
    <figure className="landing-preview" aria-hidden="true">
      <div className="landing-preview__bar">
        <span />
        <span />
        <span />
        <p>Audiograma · exame periódico</p>
      </div>
      <svg viewBox="0 0 400 262" className="landing-preview__chart" role="presentation">
        <rect x="26" y="20" width="352" height="222" rx="6" fill="var(--color-surface-muted)" />
        {[0, 20, 40, 60, 80, 100, 120].map((db) => (
          <g key={db}>
            <line x1="40" x2="370" y1={y(db)} y2={y(db)} stroke="var(--color-border)" />
            <text x="34" y={y(db) + 4} textAnchor="end" fontSize="10" fill="var(--color-text-subtle)">
              {db}
            </text>
          </g>
        ))}
        <rect x="40" y={y(-10)} width="330" height={y(25) - y(-10)} fill="var(--color-success-soft)" opacity="0.9" />
        {frequencies.map((f, i) => (
          <g key={f}>
            <line x1={x(i)} x2={x(i)} y1={y(-10)} y2={y(120)} stroke="var(--color-border)" />
            <text x={x(i)} y="256" textAnchor="middle" fontSize="10" fill="var(--color-text-subtle)">
              {f}
            </text>
          </g>
        ))}
        <polyline points={right.map((db, i) => `${x(i)},${y(db)}`).join(' ')} fill="none" stroke="#dc2626" strokeWidth="2" />
        <polyline
          points={left.map((db, i) => `${x(i)},${y(db)}`).join(' ')}
          fill="none"
          stroke="#2563eb"
          strokeWidth="2"
          strokeDasharray="5 4"
        />
        {right.map((db, i) => (
          <circle key={`o${i}`} cx={x(i)} cy={y(db)} r="5" fill="var(--color-surface)" stroke="#dc2626" strokeWidth="2" />
        ))}
        {left.map((db, i) => (
          <path
            key={`x${i}`}
            d={`M${x(i) - 4} ${y(db) - 4}l8 8M${x(i) + 4} ${y(db) - 4}l-8 8`}
            stroke="#2563eb"
            strokeWidth="2"
            strokeLinecap="round"
          />
        ))}
      </svg>
      <figcaption className="landing-preview__caption">
        <span className="landing-preview__chip landing-preview__chip--warning">Entalhe em 4 kHz</span>
        <span className="landing-preview__chip">Sugestivo de PAIR · revisar</span>
      </figcaption>
    </figure>
  );
}

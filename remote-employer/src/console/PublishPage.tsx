// Publishing from the browser: a pay run file, and documents in bulk, each checked before it is published.
import { ConsoleFrame } from './components/ConsoleFrame';
import { DocumentsSection } from './publish/DocumentsSection';
import { PayRunSection } from './publish/PayRunSection';

export default function PublishPage() {
  return (
    <ConsoleFrame>
      {(employer) => (
        <div className="employer-publish">
          <h2>Publish</h2>
          <p>Upload what your payroll software exports. The portal checks it first and shows what it found: nothing is published until you choose to.</p>
          <PayRunSection employer={employer} />
          <DocumentsSection employer={employer} />
        </div>
      )}
    </ConsoleFrame>
  );
}

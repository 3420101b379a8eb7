import { TermsList } from "@/features/terms";

/** /terms: the platform's published terms, in force, announced (marked, with their date) and earlier. */
export default function TermsScreen() {
  return <TermsList />;
}

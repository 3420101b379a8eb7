import { createRoot } from "react-dom/client";
import "./styles.css";

createRoot(document.getElementById("root")!).render(<div>Merchant</div>);

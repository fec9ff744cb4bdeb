import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { HeroSection } from "~/components/landing/HeroSection";
import { WaitlistSection } from "~/components/landing/WaitlistSection";
import { siteConfig } from "~/config/site";
import { waitlistFormContext } from "~/lib/landing.server";
import { pageMeta } from "~/lib/seo";

export const meta: MetaFunction = () =>
  pageMeta({
    title: `${siteConfig.appName}: ${siteConfig.tagline}`,
    description: siteConfig.description,
    path: "/home",
  });

export async function loader({ request }: LoaderFunctionArgs) {
  return json(waitlistFormContext(request), { headers: { "Cache-Control": "no-store" } });
}

export default function LandingPage() {
  const { renderedAt, attribution } = useLoaderData<typeof loader>();
  return (
    <>
      <HeroSection />
      <WaitlistSection renderedAt={renderedAt} attribution={attribution} />
    </>
  );
}
